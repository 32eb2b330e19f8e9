import Testing

@testable import CacheBench
