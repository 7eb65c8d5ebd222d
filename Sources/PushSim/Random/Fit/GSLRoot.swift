import CGSL

/// A root of a continuous function of one variable, by GSL's Brent solver.
enum GSLRoot {
    /// The x in [lo, hi] where `f` changes sign, to a relative width of 1e-13
    /// (`gsl_root_fsolver_brent`, `gsl_root_test_interval`), or nil when `f(lo)` and `f(hi)`
    /// have the same sign, either is not finite, or 200 iterations do not converge.
    static func brent(_ lo: Double, _ hi: Double, _ f: (Double) -> Double) -> Double? {
        let (flo, fhi) = (f(lo), f(hi))
        guard flo.isFinite, fhi.isFinite, (flo <= 0) != (fhi <= 0) || flo == 0 || fhi == 0 else { return nil }
        if flo == 0 { return lo }
        if fhi == 0 { return hi }
        GSL.setUp()
        return withoutActuallyEscaping(f) { f -> Double? in
            var closure = f
            return withUnsafeMutablePointer(to: &closure) { pointer -> Double? in
                var function = gsl_function(function: { x, params in
                    params!.assumingMemoryBound(to: ((Double) -> Double).self).pointee(x)
                }, params: UnsafeMutableRawPointer(pointer))
                guard let solver = gsl_root_fsolver_alloc(pushsim_root_brent()) else { return nil }
                defer { gsl_root_fsolver_free(solver) }
                guard gsl_root_fsolver_set(solver, &function, lo, hi) == GSL_SUCCESS else { return nil }
                for _ in 0..<200 {
                    guard gsl_root_fsolver_iterate(solver) == GSL_SUCCESS else { return nil }
                    let (a, b) = (gsl_root_fsolver_x_lower(solver), gsl_root_fsolver_x_upper(solver))
                    if gsl_root_test_interval(a, b, 0, 1e-13) == GSL_SUCCESS { return gsl_root_fsolver_root(solver) }
                }
                return nil
            }
        }
    }

    /// `brent` on a bracket grown from [guess/4, guess·4] by factors of 4 (at most 30
    /// times each way) until `f` changes sign over it; for a monotone `f` on (0, ∞).
    /// - Precondition: `guess` > 0.
    static func positive(near guess: Double, _ f: (Double) -> Double) -> Double? {
        precondition(guess > 0)
        var (lo, hi) = (guess / 4, guess * 4)
        for _ in 0..<30 {
            let (flo, fhi) = (f(lo), f(hi))
            if flo.isFinite, fhi.isFinite, (flo <= 0) != (fhi <= 0) { break }
            lo /= 4; hi *= 4
        }
        return brent(lo, hi, f)
    }
}
