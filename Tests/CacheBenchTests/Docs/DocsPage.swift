import Foundation

/// A page of the package's documentation (`README.md`, `docs/*.md`), read from the source tree.
///
/// The reference sections of the docs are checked against the code that writes what they describe, so
/// that a column or an option cannot change without its page; `scripts/tests/docs-check` does the
/// same for the commands, paths and names on every page.
struct DocsPage {
  /// The page's text.
  let text: String

  /// The package root (this file is three folders below it).
  private static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  /// The page at `path`, relative to the package root.
  init(_ path: String) throws {
    text = try String(contentsOf: Self.root.appendingPathComponent(path), encoding: .utf8)
  }

  /// Rewrites the lines between the line `begin` and the line `end` of the page at `path` with
  /// `replacement`, for a reference section generated from the code; does nothing when either line
  /// is missing.
  static func replace(
    between begin: String, and end: String, in path: String, with replacement: String
  )
    throws
  {
    let url = root.appendingPathComponent(path)
    let lines = try String(contentsOf: url, encoding: .utf8)
      .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    guard let start = lines.firstIndex(of: begin), let stop = lines[start...].firstIndex(of: end)
    else { return }
    let body = replacement.split(separator: "\n").map(String.init)
    let text = (lines[...start] + body + lines[stop...]).joined(separator: "\n")
    try text.write(to: url, atomically: true, encoding: .utf8)
  }

  /// The text between the line `begin` and the line `end`, both excluded; nil when either is missing.
  func between(_ begin: String, and end: String) -> String? {
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    guard let start = lines.firstIndex(where: { $0 == begin }),
      let stop = lines[start...].firstIndex(where: { $0 == end })
    else { return nil }
    return lines[(start + 1)..<stop].joined(separator: "\n")
  }

  /// The section under the heading line `heading`, up to the next heading of any level.
  func section(_ heading: String) -> String? {
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    guard let start = lines.firstIndex(where: { $0 == heading }) else { return nil }
    let body = lines[(start + 1)...].prefix { !$0.hasPrefix("#") }
    return body.joined(separator: "\n")
  }

  /// The first cells of the rows of the first table in `section`, after its header and rule; a cell
  /// that lists several names (`variant, design, decode, shards`) gives each.
  static func firstColumn(ofTableIn section: String) -> [String] {
    let rows = section.split(separator: "\n").filter { $0.hasPrefix("|") }
    return rows.dropFirst(2).flatMap { row -> [String] in
      let cells = row.split(separator: "|", omittingEmptySubsequences: false)
      guard cells.count > 2 else { return [] }
      return cells[1].split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
    }
  }
}
