import Foundation

/// How many times longer a wall-clock limit of a test may be: `PUSHSIM_TEST_TIME_SCALE`
/// (at least 1; `make sanitize` sets it, as a sanitized build runs many times slower), else 1.
/// For limits that catch hangs or quadratic costs, not for measurements.
let wallClockScale: Double = max(1, ProcessInfo.processInfo.environment["PUSHSIM_TEST_TIME_SCALE"].flatMap(Double.init) ?? 1)
