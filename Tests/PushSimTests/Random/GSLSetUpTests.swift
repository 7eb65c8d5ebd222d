import CGSL
import Testing
@testable import PushSim

/// `GSL.setUp()` switches GSL's abort-on-error handler off: after it, a GSL function given
/// an argument outside its domain returns GSL's error value (NaN) and the process goes on.
/// (With the default handler the call would abort the test process.)
@Suite("GSL set-up")
struct GSLSetUpTests {
    @Test("after GSL.setUp a GSL domain error returns NaN instead of aborting the process")
    func errorsDoNotAbort() {
        GSL.setUp()
        // gsl_cdf_binomial_P checks 0 <= p <= 1 and reports GSL_EDOM otherwise.
        #expect(gsl_cdf_binomial_P(1, 1.5, 3).isNaN)
        #expect(abs(gsl_cdf_binomial_P(1, 0.5, 3) - 0.5) < 1e-15)   // a valid call still works
    }
}
