import CLibPQ
import Foundation

/// One connection to a PostgreSQL server through libpq, PostgreSQL's own client library: a
/// statement with its parameters in, its rows out (as text, PostgreSQL's own rendering). Used by
/// one thread at a time (`PostgresPool` hands it out).
final class PostgresConnection {
    private let connection: OpaquePointer

    /// Connects to `url` (`postgres://USER@HOST:PORT/DB`, or libpq's `key=value` form).
    init(url: String) throws(PostgresError) {
        guard let opened = PQconnectdb(url) else { throw PostgresError(message: "libpq could not allocate a connection.") }
        guard PQstatus(opened) == CONNECTION_OK else {
            let message = String(cString: PQerrorMessage(opened))
            PQfinish(opened)
            throw PostgresError(message: Self.clean(message))
        }
        connection = opened
        // PostgreSQL's notices ("relation … already exists, skipping") would go to standard error; and a
        // double is to come back as it went in, whatever the server's default digits.
        try execute("SET client_min_messages = warning")
        try execute("SET extra_float_digits = 3")
    }

    deinit {
        PQfinish(connection)
    }

    /// Whether the connection still works (a server restarted drops it).
    var isOpen: Bool { PQstatus(connection) == CONNECTION_OK }

    /// Runs `sql` with `parameters` ($1, $2 …; nil is NULL), in text format; returns its rows.
    @discardableResult
    func execute(_ sql: String, _ parameters: [PostgresValue?] = []) throws(PostgresError) -> [PostgresRow] {
        let texts = parameters.map { $0?.text }
        // A C string ends at NUL, and PostgreSQL's text holds none: a value with one is refused, not cut short.
        if texts.contains(where: { $0?.utf8.contains(0) == true }) {
            throw PostgresError(message: "a value holds a NUL character, which PostgreSQL's text cannot keep.")
        }
        let result: OpaquePointer? = withArrayOfOptionalCStrings(texts) { pointers in
            PQexecParams(connection, sql, Int32(texts.count), nil, pointers, nil, nil, 0)
        }
        guard let result else { throw PostgresError(message: Self.clean(String(cString: PQerrorMessage(connection)))) }
        defer { PQclear(result) }
        switch PQresultStatus(result) {
        case PGRES_COMMAND_OK:
            return []
        case PGRES_TUPLES_OK:
            let columns = (0..<PQnfields(result)).map { String(cString: PQfname(result, $0)) }
            return (0..<PQntuples(result)).map { row in
                PostgresRow(
                    columns: columns,
                    values: (0..<Int32(columns.count)).map { column in
                        PQgetisnull(result, row, column) == 1 ? nil : String(cString: PQgetvalue(result, row, column))
                    })
            }
        default:
            throw PostgresError(message: Self.clean(String(cString: PQresultErrorMessage(result))))
        }
    }

    /// Runs a script of several statements (no parameters), as one simple query.
    func executeScript(_ sql: String) throws(PostgresError) {
        guard let result = PQexec(connection, sql) else {
            throw PostgresError(message: Self.clean(String(cString: PQerrorMessage(connection))))
        }
        defer { PQclear(result) }
        let status = PQresultStatus(result)
        guard status == PGRES_COMMAND_OK || status == PGRES_TUPLES_OK else {
            throw PostgresError(message: Self.clean(String(cString: PQresultErrorMessage(result))))
        }
    }

    /// libpq's messages end with a line break; some say ERROR: first.
    private static func clean(_ message: String) -> String {
        message.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Calls `body` with C strings for `texts` (NULL for nil), valid only during the call.
    private func withArrayOfOptionalCStrings<Result>(_ texts: [String?], _ body: ([UnsafePointer<CChar>?]) -> Result) -> Result {
        let duplicates: [UnsafeMutablePointer<CChar>?] = texts.map { $0.map { strdup($0) } ?? nil }
        defer { for pointer in duplicates { free(pointer) } }
        return body(duplicates.map { $0.map { UnsafePointer($0) } })
    }
}

/// A failure PostgreSQL or libpq reported, in its words.
struct PostgresError: Error, CustomStringConvertible {
    let message: String

    var description: String { "PostgreSQL: \(message)" }
}

/// A parameter of a statement, as PostgreSQL reads it from text.
enum PostgresValue {
    case text(String)
    case integer(Int64)
    case double(Double)
    case bool(Bool)

    var text: String {
        switch self {
        case let .text(value): value
        case let .integer(value): String(value)
        // Exactly: PostgreSQL reads the shortest text that round-trips a double back to it.
        case let .double(value): "\(value)"
        case let .bool(value): value ? "t" : "f"
        }
    }
}

/// One row of a result, its values by column name (PostgreSQL's names are lower-case).
struct PostgresRow {
    let columns: [String]
    let values: [String?]

    func text(_ column: String) throws(PostgresError) -> String {
        guard let index = columns.firstIndex(of: column.lowercased()), let value = values[index] else {
            throw PostgresError(message: "no value in column \(column)")
        }
        return value
    }

    func optionalText(_ column: String) -> String? {
        columns.firstIndex(of: column.lowercased()).flatMap { values[$0] }
    }

    func integer(_ column: String) throws(PostgresError) -> Int64 {
        guard let value = Int64(try text(column)) else { throw PostgresError(message: "column \(column) is no integer") }
        return value
    }

    func double(_ column: String) throws(PostgresError) -> Double {
        guard let value = Double(try text(column)) else { throw PostgresError(message: "column \(column) is no number") }
        return value
    }

    func bool(_ column: String) throws(PostgresError) -> Bool {
        try text(column) == "t"
    }

    /// A moment kept as seconds since 1970.
    func date(_ column: String) throws(PostgresError) -> Date {
        Date(timeIntervalSince1970: try double(column))
    }
}
