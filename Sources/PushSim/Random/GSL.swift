import CGSL

/// Process-wide set-up of the GNU Scientific Library.
///
/// GSL's default error handler prints a message and calls `abort()` on any error (a bad
/// argument, a failed convergence in a `gsl_cdf_*` function, ...). PushSim validates its
/// inputs before calling GSL and checks return values itself, so the handler is switched
/// off (`gsl_set_error_handler_off`) once per process. Every PushSim entry point that calls
/// GSL (`RandomStream.init`, `Distribution.cdf`, `Statistics`, ...) calls `setUp()` first;
/// callers that use GSL directly should too.
public enum GSL {
    /// The GSL library version the program runs with (recorded in `meta.json`: sampler
    /// output may differ between GSL versions).
    public static var version: String { String(cString: pushsim_gsl_version()) }

    /// Runs the set-up exactly once; Swift initialises a `static let` lazily and atomically
    /// (`swift_once`), so concurrent first calls are safe.
    private static let errorHandlerOff: Void = { pushsim_gsl_errors_off() }()

    /// Turns GSL's abort-on-error handler off, the first time it is called; later calls are
    /// a cheap no-op. Thread-safe.
    /// - Complexity: O(1).
    public static func setUp() {
        _ = errorHandlerOff
    }
}
