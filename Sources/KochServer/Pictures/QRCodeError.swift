/// Why a text could not be drawn as a QR code.
public enum QRCodeError: Error, Equatable, CustomStringConvertible {
    /// The text is empty: a QR code of nothing would scan as nothing.
    case empty
    /// The text holds a NUL character, where libqrencode would end it: the code would hold less than was asked.
    case containsNul
    /// The text is longer than the largest QR code (version 40, error correction M) holds.
    case tooLong(lengthBytes: Int)
    /// libqrencode failed for another reason, given as its `errno`.
    case encoderFailed(errno: Int32)

    public var description: String {
        switch self {
        case .empty:
            return "Cannot draw a QR code of an empty text."
        case .containsNul:
            return "Cannot draw a QR code of a text holding a NUL character."
        case let .tooLong(lengthBytes):
            return "Cannot draw a QR code of a text of \(lengthBytes) bytes: a QR code at error correction level M holds at most 2331."
        case let .encoderFailed(code):
            return "libqrencode could not draw the QR code (errno \(code)): try again, or with a shorter text."
        }
    }
}
