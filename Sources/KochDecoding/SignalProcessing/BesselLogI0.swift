import Foundation

/// The natural log of the modified Bessel function of the first kind, order 0.
///
/// It is the heart of the Rician likelihood of an envelope sample (a tone
/// plus Gaussian noise): p(e | A, σ) ∝ e·exp(−(e² + A²)/2σ²)·I₀(A·e/σ²).
/// Polynomial approximations of Abramowitz & Stegun, *Handbook of
/// Mathematical Functions* (1964), 9.8.1 (|x| ≤ 3.75, error < 1.6e−7) and
/// 9.8.2 (x ≥ 3.75, relative error < 1.9e−7), taken in the log domain so that
/// large arguments do not overflow.
@inline(__always)
func besselLogI0(_ x: Double) -> Double {
    let ax = abs(x)
    if ax < 3.75 {
        let t = ax / 3.75, t2 = t * t
        let series =
            1 + t2
            * (3.5156229 + t2
                * (3.0899424 + t2
                    * (1.2067492
                        + t2 * (0.2659732 + t2 * (0.0360768 + t2 * 0.0045813)))))
        return log(series)
    }
    let u = 3.75 / ax
    let polynomial =
        0.39894228 + u
        * (0.01328592 + u
            * (0.00225319 + u
                * (-0.00157565 + u
                    * (0.00916281
                        + u * (-0.02057706 + u * (0.02635537 + u * (-0.01647633 + u * 0.00392377)))))))
    return ax - 0.5 * log(ax) + log(polynomial)
}
