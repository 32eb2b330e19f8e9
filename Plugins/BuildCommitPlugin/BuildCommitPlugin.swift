import Foundation
import PackagePlugin

/// Writes `GeneratedBuildCommit.swift` into the target it is applied to: the commit of the git
/// checkout holding this package, whether its sources differ from that commit, and the checkout's
/// top-level directory, so the binary names the commit it was built from.
///
/// Why a prebuild command that rewrites only on change: whether the sources are dirty can change
/// with any edit, which no declared input of a build command would notice, so `git` runs before
/// every build (two `git` calls, a few milliseconds); the file is replaced only when its text
/// differs, so an unchanged commit recompiles nothing and a new one recompiles only the small
/// module it lives in. Where `git` cannot be run or the package is not in a checkout (a source
/// archive, a sandbox that refuses it, a repository owned by another user), the commit is empty,
/// which the tool reports as "unknown": never a guess.
@main
struct BuildCommitPlugin: BuildToolPlugin {
  func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
    let output = context.pluginWorkDirectoryURL.appending(path: "GeneratedSources")
    let git = (try? context.tool(named: "git").url.path) ?? "git"
    return [
      .prebuildCommand(
        displayName: "Reading the git commit of \(context.package.displayName)",
        executable: URL(fileURLWithPath: "/bin/sh"),
        arguments: [
          "-c", Self.script, "build-commit", output.path, context.package.directoryURL.path, git,
        ],
        outputFilesDirectory: output)
    ]
  }

  /// The shell script the prebuild command runs: `$1` the output directory, `$2` the package
  /// directory, `$3` the `git` executable. Dirty means a tracked or untracked change under
  /// `Sources/`, `Plugins/` or in `Package.swift`, what the build reads; documentation is not.
  static let script = #"""
    out="$1"; package="$2"; git="$3"
    mkdir -p "$out" || exit 1
    commit="$("$git" -C "$package" rev-parse --verify --quiet HEAD 2>/dev/null)" || commit=""
    top=""; dirty=false
    if [ -n "$commit" ]; then
      top="$("$git" -C "$package" rev-parse --show-toplevel 2>/dev/null)" || top=""
      changes="$("$git" -C "$package" --no-optional-locks status --porcelain -- \
        Package.swift Sources Plugins 2>/dev/null)" || changes="unknown"
      [ -z "$changes" ] || dirty=true
    fi
    case "$commit$top" in *[\"\\]*) commit=""; top=""; dirty=false ;; esac
    file="$out/GeneratedBuildCommit.swift"
    {
      echo "// Written by the BuildCommit plugin before each build; do not edit."
      echo "let generatedCommit = \"$commit\""
      echo "let generatedIsDirty = $dirty"
      echo "let generatedCheckoutDirectory = \"$top\""
    } >"$file.new" || exit 1
    if cmp -s "$file.new" "$file"; then rm -f "$file.new"; else mv -f "$file.new" "$file"; fi
    """#
}
