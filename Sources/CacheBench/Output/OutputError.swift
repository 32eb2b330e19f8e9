import CacheBenchCore

/// Why a result file could not be written; each case names the file the user asked for.
///
/// `description` is the message the executable prints, e.g.
/// `cannot write 'x/y.csv': directory 'x' does not exist`.
enum OutputError: Error, Equatable, CustomStringConvertible {
  /// The output path is the empty string.
  case emptyPath
  /// The directory that would hold `path` does not exist.
  case directoryMissing(path: String, directory: String)
  /// The directory part of `path`, or a component of it, is not a directory.
  case notADirectory(path: String, directory: String)
  /// The directory exists but this process may not create files in it; `reason` is the errno text.
  case directoryNotWritable(path: String, directory: String, reason: String)
  /// `path` names a directory (or ends in `/`), not a file.
  case isADirectory(path: String)
  /// `path` exists and is a device, FIFO or socket, which a rename would replace rather than write.
  case notARegularFile(path: String)
  /// A system call failed while writing `path`; `reason` is the errno text.
  case systemCallFailed(path: String, call: String, reason: String)
  /// The results could not be turned into `format` text; `reason` is the encoder's message.
  case encodingFailed(format: String, reason: String)

  var description: String {
    switch self {
    case .emptyPath:
      "cannot write '': the path is empty"
    case .directoryMissing(let path, let directory):
      "cannot write '\(path)': directory '\(directory)' does not exist"
    case .notADirectory(let path, let directory):
      "cannot write '\(path)': '\(directory)' is not a directory"
    case .directoryNotWritable(let path, let directory, let reason):
      "cannot write '\(path)': directory '\(directory)' is not writable (\(reason))"
    case .isADirectory(let path):
      "cannot write '\(path)': it is a directory"
    case .notARegularFile(let path):
      "cannot write '\(path)': it exists and is not a regular file"
    case .systemCallFailed(let path, let call, let reason):
      "cannot write '\(path)': \(call) failed (\(reason))"
    case .encodingFailed(let format, let reason):
      "cannot encode the results as \(format): \(reason)"
    }
  }
}
