/// Loads and stores of several neighbouring values at once (four of any
/// scalar, `SIMD4`; eight floats, `SIMD8<Float>`), for the loops that run a
/// few lanes at a time: each lane does exactly the arithmetic of one value,
/// so the results are those of one value at a time.
extension UnsafePointer where Pointee: SIMDScalar {
    @inline(__always)
    func loadVector(at offset: Int) -> SIMD4<Pointee> {
        UnsafeRawPointer(self + offset).loadUnaligned(as: SIMD4<Pointee>.self)
    }
}

extension UnsafeMutablePointer where Pointee: SIMDScalar {
    @inline(__always)
    func loadVector(at offset: Int) -> SIMD4<Pointee> {
        UnsafeRawPointer(self + offset).loadUnaligned(as: SIMD4<Pointee>.self)
    }

    @inline(__always)
    func storeVector(_ value: SIMD4<Pointee>, at offset: Int) {
        UnsafeMutableRawPointer(self + offset).storeBytes(of: value, as: SIMD4<Pointee>.self)
    }
}

extension UnsafePointer where Pointee == Float {
    @inline(__always)
    func loadVector(at offset: Int) -> SIMD8<Float> {
        UnsafeRawPointer(self + offset).loadUnaligned(as: SIMD8<Float>.self)
    }
}
