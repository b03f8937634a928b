import Foundation

/// A complex number, for the few places the decoder solves equations in the
/// tone's complex amplitude (`RoomEqualizer`, `KeyingChannel`).
struct ComplexValue: Sendable, Hashable {
    var real: Double
    var imaginary: Double

    static let zero = ComplexValue(real: 0, imaginary: 0)

    init(real: Double, imaginary: Double = 0) {
        self.real = real
        self.imaginary = imaginary
    }

    /// The number of this magnitude at this angle (radians).
    init(magnitude: Double, angleRadians: Double) {
        self.init(real: magnitude * cos(angleRadians), imaginary: magnitude * sin(angleRadians))
    }

    var conjugate: ComplexValue { ComplexValue(real: real, imaginary: -imaginary) }
    var squaredMagnitude: Double { real * real + imaginary * imaginary }
    var magnitude: Double { squaredMagnitude.squareRoot() }
    var angleRadians: Double { atan2(imaginary, real) }

    static func + (a: ComplexValue, b: ComplexValue) -> ComplexValue {
        ComplexValue(real: a.real + b.real, imaginary: a.imaginary + b.imaginary)
    }

    static func - (a: ComplexValue, b: ComplexValue) -> ComplexValue {
        ComplexValue(real: a.real - b.real, imaginary: a.imaginary - b.imaginary)
    }

    static func * (a: ComplexValue, b: ComplexValue) -> ComplexValue {
        ComplexValue(real: a.real * b.real - a.imaginary * b.imaginary, imaginary: a.real * b.imaginary + a.imaginary * b.real)
    }

    static func * (a: ComplexValue, scale: Double) -> ComplexValue {
        ComplexValue(real: a.real * scale, imaginary: a.imaginary * scale)
    }

    static func / (a: ComplexValue, scale: Double) -> ComplexValue {
        ComplexValue(real: a.real / scale, imaginary: a.imaginary / scale)
    }

    static func += (a: inout ComplexValue, b: ComplexValue) { a = a + b }
    static func -= (a: inout ComplexValue, b: ComplexValue) { a = a - b }
}
