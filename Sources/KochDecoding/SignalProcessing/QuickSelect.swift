/// The k-th smallest of some values (k from 0), found in place in linear
/// expected time by Hoare's selection ("Algorithm 65: Find", CACM 1961)
/// with a median-of-three pivot, so the threshold can take percentiles of its
/// window twenty times a second without sorting it. The buffer is reordered.
func quickSelect(_ values: UnsafeMutableBufferPointer<Double>, _ k: Int) -> Double {
    var low = 0, high = values.count - 1
    let target = min(max(0, k), high)
    while low < high {
        let middle = low + (high - low) / 2
        // Median of three as the pivot, which keeps sorted or constant windows linear.
        if values[middle] < values[low] { values.swapAt(middle, low) }
        if values[high] < values[low] { values.swapAt(high, low) }
        if values[high] < values[middle] { values.swapAt(high, middle) }
        let pivot = values[middle]
        var i = low, j = high
        while i <= j {
            while values[i] < pivot { i += 1 }
            while values[j] > pivot { j -= 1 }
            if i <= j {
                values.swapAt(i, j)
                i += 1
                j -= 1
            }
        }
        if target <= j { high = j } else if target >= i { low = i } else { return values[target] }
    }
    return values[target]
}
