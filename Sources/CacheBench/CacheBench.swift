import CacheBenchCore

/// The version `cachebench --version` prints.
public let cacheBenchVersion = "0.1.0"
