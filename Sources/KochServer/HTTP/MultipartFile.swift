import Foundation

/// The file a form without JavaScript sends (`multipart/form-data`): the bytes of its first part
/// that carries a file name. What the part names itself (its file name, its type) is not used:
/// the server sniffs the bytes, and names the upload itself.
enum MultipartFile {
    /// The boundary of a `multipart/form-data` content type, or nil for another type.
    static func boundary(contentType: String?) -> String? {
        guard let contentType, contentType.lowercased().hasPrefix("multipart/form-data") else { return nil }
        for parameter in contentType.split(separator: ";").dropFirst() {
            let pair = parameter.trimmingCharacters(in: .whitespaces).split(separator: "=", maxSplits: 1)
            guard pair.count == 2, pair[0].lowercased() == "boundary" else { continue }
            let value = pair[1].trimmingCharacters(in: CharacterSet(charactersIn: "\""))
            return (1...70).contains(value.utf8.count) ? value : nil
        }
        return nil
    }

    /// The first file's bytes in `body`, or nil when there is none.
    static func firstFile(in body: [UInt8], boundary: String) -> [UInt8]? {
        let delimiter = Array(("--" + boundary).utf8)
        let separator = Array("\r\n\r\n".utf8)
        var start = 0
        while let part = find(delimiter, in: body, from: start) {
            let headersStart = part + delimiter.count
            guard let headersEnd = find(separator, in: body, from: headersStart) else { return nil }
            let headers = String(decoding: body[headersStart..<headersEnd], as: UTF8.self).lowercased()
            let contentStart = headersEnd + separator.count
            guard let next = find(Array("\r\n".utf8) + delimiter, in: body, from: contentStart) else { return nil }
            if headers.contains("filename=") { return Array(body[contentStart..<next]) }
            start = next + 2
        }
        return nil
    }

    private static func find(_ needle: [UInt8], in haystack: [UInt8], from start: Int) -> Int? {
        guard !needle.isEmpty, haystack.count >= needle.count, start <= haystack.count - needle.count else { return nil }
        let first = needle[0]
        var index = start
        while index <= haystack.count - needle.count {
            if haystack[index] == first, haystack[index..<index + needle.count].elementsEqual(needle) { return index }
            index += 1
        }
        return nil
    }
}
