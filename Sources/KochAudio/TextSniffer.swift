/// Names a file of text given where a recording belongs: one koch wrote for a lesson (its answer key,
/// its sheet, a page) or any other (a typed copy, a web page).
enum TextSniffer {
    /// What the text in `head` is, or nil when `head` is not text.
    static func text(_ head: [UInt8]) -> String? {
        var bytes = head[...]
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
        guard isText(bytes) else { return nil }
        let text = String(decoding: bytes, as: UTF8.self)
        let opening = text.drop { $0.isWhitespace }
        if opening.hasPrefix("koch answer key: lesson ") { return "the answer sheet koch wrote for a lesson" }
        if opening.hasPrefix("koch send exercise: lesson ") { return "the sheet of a send exercise, the groups to key" }
        if opening.hasPrefix("{"), text.contains("\"lessonID\"") { return "a lesson's answer key (JSON)" }
        let lowered = opening.prefix(200).lowercased()
        if lowered.hasPrefix("<!doctype html") || lowered.hasPrefix("<html") {
            return text.contains("answer sheets</title>") ? "a page of answer sheets koch wrote" : "a web page (HTML)"
        }
        if lowered.hasPrefix("<?xml") || lowered.hasPrefix("<svg") { return "an XML or SVG file" }
        return "a text file"
    }

    /// Text: UTF-8 with no control characters but tabs and line ends (the last character may be cut).
    private static func isText(_ bytes: ArraySlice<UInt8>) -> Bool {
        guard !bytes.isEmpty, !bytes.contains(where: { $0 < 0x20 && ![0x09, 0x0A, 0x0D].contains($0) || $0 == 0x7F }) else { return false }
        var tail = bytes
        // A head cut in the middle of a character is still text.
        while let last = tail.last, last & 0xC0 == 0x80 || last >= 0xC0, bytes.count - tail.count < 4 { tail = tail.dropLast() }
        return String(validating: tail, as: UTF8.self) != nil
    }
}
