import Foundation
import KochCore

/// Decodes the user's JSON files (progress, answer keys) and turns every
/// failure into a sentence that names the file, the key and its line:
/// "missing key `sessions[3].date` at line 42". Model: swift-format's
/// `Frontend.swift`, which does the same for its configuration file.
enum JSONFileReader {
    /// Reads the file's bytes; nil if it does not exist.
    static func contents(of path: String) throws -> [UInt8]? {
        try FileError.checkNotFolder(path, expected: "the JSON file")
        return try FileBytes.read(path)
    }

    /// Decodes `T`, first checking that the file is JSON and that its
    /// `formatVersion` is one this koch reads.
    static func decode<T: Decodable>(
        _ type: T.Type, from bytes: [UInt8], path: String, what: String, currentFormatVersion: Int, remedy: String
    ) throws -> (value: T, locator: JSONLocator) {
        let locator: JSONLocator
        do {
            locator = try JSONLocator(bytes)
        } catch {
            throw FileError.malformed(
                path: path,
                reason: "this \(what) is not valid JSON: at line \(error.line), column \(error.column), koch expected \(error.expected). \(remedy)")
        }
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601

        if let version = try? decoder.decode(FormatVersion.self, from: Data(bytes)).formatVersion, version > currentFormatVersion {
            throw FileError.malformed(
                path: path,
                reason:
                    "this \(what) has format version \(version) (line \(locator.line(of: "formatVersion") ?? 1)), written by a newer koch; this one reads version \(currentFormatVersion) and older. Update koch. The file was left as it is."
            )
        }
        do {
            return (try decoder.decode(T.self, from: Data(bytes)), locator)
        } catch let error as DecodingError {
            throw FileError.malformed(path: path, reason: "this \(what) cannot be read: \(describe(error, locator: locator)). \(remedy)")
        }
    }

    /// Refuses a value with consistency problems, naming each with its line.
    static func check(_ problems: [ConsistencyProblem], locator: JSONLocator, path: String, what: String, remedy: String) throws {
        guard !problems.isEmpty else { return }
        let list = problems.map { problem in
            "`\(problem.codingPath)` at line \(locator.line(of: problem.codingPath) ?? 1) \(problem.reason)"
        }
        throw FileError.malformed(path: path, reason: "this \(what) is inconsistent: " + list.joined(separator: "; ") + ". \(remedy)")
    }

    static func describe(_ error: DecodingError, locator: JSONLocator) -> String {
        func at(_ path: String) -> String { "at line \(locator.line(of: path) ?? 1)" }
        switch error {
        case let .keyNotFound(key, context):
            let path = Self.path(context.codingPath + [key])
            return "missing key `\(path)` \(at(Self.path(context.codingPath)))"
        case let .typeMismatch(type, context):
            let path = Self.path(context.codingPath)
            return "`\(path)` \(at(path)) should be \(Self.kind(of: type))"
        case let .valueNotFound(type, context):
            let path = Self.path(context.codingPath)
            return "`\(path)` \(at(path)) is null but should be \(Self.kind(of: type))"
        case let .dataCorrupted(context):
            let path = Self.path(context.codingPath)
            let reason = context.debugDescription.hasSuffix(".") ? String(context.debugDescription.dropLast()) : context.debugDescription
            return path.isEmpty ? reason : "`\(path)` \(at(path)) is wrong: \(reason)"
        @unknown default:
            return "\(error)"
        }
    }

    /// `sessions[3].date` from a coding path.
    static func path(_ keys: [any CodingKey]) -> String {
        var text = ""
        for key in keys {
            if let index = key.intValue {
                text += "[\(index)]"
            } else {
                text += (text.isEmpty ? "" : ".") + key.stringValue
            }
        }
        return text
    }

    private static func kind(of type: Any.Type) -> String {
        switch type {
        case is Int.Type, is Int64.Type, is UInt64.Type: return "a whole number"
        case is Double.Type, is Float.Type: return "a number"
        case is String.Type: return "a string in double quotes"
        case is Bool.Type: return "true or false"
        default:
            let name = "\(type)"
            if name.hasPrefix("Array") || name.hasPrefix("[") { return "a list in [ ]" }
            if name.hasPrefix("Dictionary") { return "an object in { }" }
            return "an object in { }"
        }
    }
}

/// Just the format version of a file, read before the rest.
private struct FormatVersion: Decodable {
    let formatVersion: Int?
}
