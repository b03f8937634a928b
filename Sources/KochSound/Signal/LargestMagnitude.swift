/// The largest magnitude among samples, eight at a time: the loudest sample
/// of a block, and whether a block holds only samples the decoder can read.
public enum LargestMagnitude {
    /// The largest |sample|; NaN if any sample is NaN, infinity if any is infinite; 0 for none.
    public static func of(_ samples: [Float]) -> Float {
        samples.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return 0 }
            var largest = SIMD8<Float>(repeating: 0)
            var notANumber = SIMDMask<SIMD8<Int32>>(repeating: false)
            var index = 0
            while index + 8 <= buffer.count {
                let values = UnsafeRawPointer(base + index).loadUnaligned(as: SIMD8<Float>.self)
                let magnitudes = values.replacing(with: -values, where: values .< 0)
                largest.replace(with: magnitudes, where: magnitudes .> largest)
                notANumber .|= values .!= values
                index += 8
            }
            var result = largest.max()
            while index < buffer.count {
                let value = buffer[index]
                if value.isNaN { return .nan }
                result = max(result, abs(value))
                index += 1
            }
            return any(notANumber) ? .nan : result
        }
    }
}
