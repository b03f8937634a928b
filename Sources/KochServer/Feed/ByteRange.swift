/// What a request's `Range` header asks of a resource of a known length, as RFC 9110 §14 resolves it:
/// the whole resource, one inclusive span of its bytes, or nothing it holds.
///
/// Podcast players and browsers fetch audio in pieces (Apple's players first ask for `bytes=0-1`) and
/// refuse to seek in a file served without ranges. The rules followed:
///
/// | header                                     | resolution                                      |
/// |--------------------------------------------|-------------------------------------------------|
/// | none, malformed, another unit, `b < a`     | `.whole` (an invalid `Range` is ignored)        |
/// | `bytes=a-b`, `a < length`                  | `.partial(a...min(b, length - 1))`              |
/// | `bytes=a-`, `a < length`                   | `.partial(a...length - 1)`                      |
/// | `bytes=-n`, `n > 0`                        | the last `min(n, length)` bytes                 |
/// | `bytes=a-b` or `bytes=a-` with `a ≥ length`, `bytes=-0` | `.unsatisfiable` (416)             |
/// | several ranges                             | `.whole` (a server may serve the whole instead) |
///
/// Numbers too large for an `Int` saturate: a start that large is past any end, an end or a suffix
/// that large reaches the last byte. An empty resource satisfies no range but a suffix, which asks
/// for all of its (no) bytes: that is `.whole`.
public enum ByteRange: Sendable, Hashable {
    /// All the bytes, with a 200.
    case whole
    /// The bytes at these offsets (inclusive), with a 206.
    case partial(ClosedRange<Int>)
    /// A range the resource does not hold, with a 416.
    case unsatisfiable

    /// The resolution of `header` (a `Range` header's value, or nil when the request has none) for a resource
    /// of `lengthBytes` bytes.
    public init(header: String?, lengthBytes: Int) {
        guard let header, let spec = Self.singleRangeSpec(in: header) else {
            self = .whole
            return
        }
        self = Self.resolve(spec, lengthBytes: max(0, lengthBytes))
    }

    /// The one range-spec of a `bytes=` header, or nil when the header is malformed, of another unit, or asks for
    /// several ranges.
    private static func singleRangeSpec(in header: String) -> Substring? {
        guard let equals = header.firstIndex(of: "=") else { return nil }
        guard header[..<equals].trimmingHTTPWhitespace.lowercased() == "bytes" else { return nil }
        // An HTTP list may hold empty elements; they count for nothing.
        let specs = header[header.index(after: equals)...].split(separator: ",", omittingEmptySubsequences: false)
            .map(\.trimmingHTTPWhitespace)
            .filter { !$0.isEmpty }
        return specs.count == 1 ? specs[0] : nil
    }

    /// A range-spec resolved against the length: `first-last`, `first-`, or `-suffix`.
    private static func resolve(_ spec: Substring, lengthBytes: Int) -> ByteRange {
        guard let dash = spec.firstIndex(of: "-") else { return .whole }
        let firstText = spec[..<dash]
        let lastText = spec[spec.index(after: dash)...]
        if firstText.isEmpty {
            guard let suffixBytes = decimal(lastText) else { return .whole }
            guard suffixBytes > 0 else { return .unsatisfiable }
            guard lengthBytes > 0 else { return .whole }
            return .partial(max(0, lengthBytes - suffixBytes)...(lengthBytes - 1))
        }
        guard let first = decimal(firstText) else { return .whole }
        var last = Int.max
        if !lastText.isEmpty {
            guard let given = decimal(lastText), given >= first else { return .whole }
            last = given
        }
        guard first < lengthBytes else { return .unsatisfiable }
        return .partial(first...min(last, lengthBytes - 1))
    }

    /// The value of a run of ASCII digits, `Int.max` when it is larger; nil for anything else (a sign, a space, nothing).
    private static func decimal(_ text: Substring) -> Int? {
        guard !text.isEmpty, text.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }) else { return nil }
        return Int(text) ?? Int.max
    }
}
