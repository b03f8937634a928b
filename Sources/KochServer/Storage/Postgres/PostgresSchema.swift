/// The class's schema in PostgreSQL, as SQLite's (`ClassDatabase.migrator`) with PostgreSQL's types:
/// moments as seconds since 1970 (`double precision`, exact to the microsecond both ways), and a
/// sequence number where SQLite orders rows made in the same instant by their rowid.
enum PostgresSchema {
    /// The advisory lock that lets one server at a time bring the schema up to date.
    static let migrationLock: Int64 = 0x6B6F_6368_6D69_67
    /// The first half of the advisory lock on making a learner's lessons (the second is the learner's number).
    static let lessonMakingLock: Int32 = 0x6B6F_6368

    /// Each migration, by name, in order; each runs once, in one transaction.
    static let migrations: [(name: String, sql: String)] = [
        (
            "class",
            """
            CREATE TABLE learner (
                id bigserial PRIMARY KEY,
                name text NOT NULL,
                linkToken text NOT NULL,
                linkDigest text NOT NULL UNIQUE,
                feedToken text NOT NULL,
                feedDigest text NOT NULL UNIQUE,
                progress text NOT NULL,
                spokenFeed boolean NOT NULL DEFAULT false,
                createdAt double precision NOT NULL
            );
            CREATE TABLE lesson (
                id text PRIMARY KEY,
                seq bigserial,
                learnerID bigint NOT NULL REFERENCES learner ON DELETE CASCADE,
                direction text NOT NULL,
                level integer NOT NULL,
                spoken boolean NOT NULL,
                title text NOT NULL,
                key text NOT NULL,
                audioFile text NOT NULL,
                audioBytes bigint NOT NULL,
                durationSeconds double precision NOT NULL,
                createdAt double precision NOT NULL
            );
            CREATE INDEX lesson_learner ON lesson (learnerID);
            CREATE TABLE submission (
                lessonID text PRIMARY KEY REFERENCES lesson ON DELETE CASCADE,
                seq bigserial,
                learnerID bigint NOT NULL REFERENCES learner ON DELETE CASCADE,
                kind text NOT NULL,
                report text NOT NULL,
                accuracy double precision NOT NULL,
                receivedAt double precision NOT NULL
            );
            CREATE INDEX submission_learner ON submission (learnerID);
            CREATE TABLE teacher (
                id integer PRIMARY KEY CHECK (id = 1),
                passwordHash text NOT NULL
            );
            CREATE TABLE teacherSession (
                digest text PRIMARY KEY,
                csrf text NOT NULL,
                expiresAt double precision NOT NULL
            );
            CREATE TABLE setting (
                name text PRIMARY KEY,
                value text NOT NULL
            );
            """
        )
    ]

    /// Applies the migrations not applied yet, holding the advisory lock meanwhile: a second server
    /// starting at the same moment waits, then finds them applied.
    static func migrate(_ connection: PostgresConnection) throws {
        try connection.execute("SELECT pg_advisory_lock($1)", [.integer(migrationLock)])
        defer { _ = try? connection.execute("SELECT pg_advisory_unlock($1)", [.integer(migrationLock)]) }
        try connection.execute("CREATE TABLE IF NOT EXISTS migration (name text PRIMARY KEY, appliedAt timestamptz NOT NULL DEFAULT now())")
        let applied = Set(try connection.execute("SELECT name FROM migration").map { try $0.text("name") })
        for migration in migrations where !applied.contains(migration.name) {
            try connection.execute("BEGIN")
            do {
                // A script of several statements runs as one simple query (no parameters).
                try connection.executeScript(migration.sql)
                try connection.execute("INSERT INTO migration (name) VALUES ($1)", [.text(migration.name)])
                try connection.execute("COMMIT")
            } catch {
                _ = try? connection.execute("ROLLBACK")
                throw error
            }
        }
    }
}
