import Foundation
import KochCore

/// Reads and writes answer keys as JSON: keys sorted, indented, dates in
/// ISO 8601, so that the same lesson gives the same bytes.
public enum AnswerKeyFile {
    public static func encode(_ key: AnswerKey) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        return String(decoding: try encoder.encode(key), as: UTF8.self) + "\n"
    }
}
