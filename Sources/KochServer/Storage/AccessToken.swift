import Foundation
import KochIO

/// A secret that opens something: a learner's link, a learner's feed, a teacher's session, a form's
/// CSRF token. 32 random bytes from the system's generator, written in base64url (43 characters),
/// so none can be guessed; kept in the database by its SHA-256 (a stolen database opens nothing),
/// and compared in constant time.
public struct AccessToken: Sendable, Hashable, CustomStringConvertible {
    /// The token as it appears in a URL or a cookie.
    public let text: String

    init(text: String) {
        self.text = text
    }

    /// The number of random bytes in a token: 256 bits.
    public static let randomByteCount = 32

    /// A new token.
    public init() {
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<Self.randomByteCount).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
        text = Self.base64URL(bytes)
    }

    /// A token as a request gives it, or nil when it cannot be one (wrong length or characters):
    /// such a request is refused before the database is asked.
    public init?(given: some StringProtocol) {
        guard given.utf8.count == 43, given.utf8.allSatisfy(Self.isBase64URL) else { return nil }
        text = String(given)
    }

    public var description: String { text }

    /// What the database keeps and looks the token up by: its SHA-256, in hexadecimal.
    public var digest: String { FileChecksum.sha256Hex(of: Array(text.utf8)) }

    /// Whether two texts are equal, in a time that depends on their length alone, not on where they first differ.
    public static func constantTimeEqual(_ left: String, _ right: String) -> Bool {
        let (a, b) = (Array(left.utf8), Array(right.utf8))
        guard a.count == b.count else { return false }
        var difference: UInt8 = 0
        for index in a.indices { difference |= a[index] ^ b[index] }
        return difference == 0
    }

    private static func isBase64URL(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            true
        case UInt8(ascii: "-"), UInt8(ascii: "_"):
            true
        default:
            false
        }
    }

    static func base64URL(_ bytes: [UInt8]) -> String {
        Data(bytes).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
    }
}
