import CQRencode
import Foundation

/// A text drawn as a QR code by libqrencode, at error correction level M (a printed sheet's smudges are read
/// through), as the square of modules a scanner reads: the teacher's class sheet prints each learner's link as one.
///
/// The modules are copied out of libqrencode's `QRcode` as soon as it has drawn them and the C value is freed at once,
/// so a `QRCode` is a plain value, safe to share between tasks.
public struct QRCode: Sendable, Equatable {
    /// The text the code holds.
    public let text: String
    /// The QR code's version, 1 to 40: how many modules it has, 17 + 4 × version per side.
    public let version: Int
    /// Modules per side, without the quiet zone a scanner needs around them.
    public let width: Int
    /// Whether each module is dark, row by row from the top left.
    private let darkModules: [Bool]

    /// Draws `text` (as UTF-8 bytes, letters' case kept) at error correction level M, in the smallest version that holds it.
    public init(text: String) throws(QRCodeError) {
        if text.isEmpty { throw .empty }
        if text.utf8.contains(0) { throw .containsNul }
        let lengthBytes = text.utf8.count
        errno = 0
        guard let code = QRcode_encodeString(text, 0, QR_ECLEVEL_M, QR_MODE_8, 1) else {
            let failure = errno
            if failure == ERANGE { throw .tooLong(lengthBytes: lengthBytes) }
            throw .encoderFailed(errno: failure)
        }
        defer { QRcode_free(code) }
        let width = Int(code.pointee.width)
        self.text = text
        self.version = Int(code.pointee.version)
        self.width = width
        // libqrencode keeps each module's other bits for its own use; the lowest is the colour.
        self.darkModules = (0..<width * width).map { code.pointee.data[$0] & 1 == 1 }
    }

    /// Whether the module at `row` and `column` (from 0, at the top left) is dark; false outside the code.
    public func isDark(row: Int, column: Int) -> Bool {
        guard (0..<width).contains(row), (0..<width).contains(column) else { return false }
        return darkModules[row * width + column]
    }
}
