// swift-tools-version:6.1
import PackageDescription

// The signal-heavy targets (synthesis, band conditions, decoding, audio files and the tests' signals) are optimised in debug builds too, where the
// tests run them over minutes of audio: unoptimised, they spend most of the test run there.
let optimisedInDebug: [SwiftSetting] = [.unsafeFlags(["-O"], .when(configuration: .debug))]

let package = Package(
    name: "koch",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "koch", targets: ["koch"]),
        .library(name: "KochCore", targets: ["KochCore"]),
        .library(name: "KochSound", targets: ["KochSound"]),
        .library(name: "KochDecoding", targets: ["KochDecoding"]),
        .library(name: "KochAudio", targets: ["KochAudio"]),
        .library(name: "KochRecordings", targets: ["KochRecordings"]),
        .library(name: "KochPresentation", targets: ["KochPresentation"]),
        .library(name: "KochLessons", targets: ["KochLessons"]),
        .library(name: "KochClass", targets: ["KochClass"]),
        .library(name: "KochPractice", targets: ["KochPractice"]),
        // The class server (`koch serve`), a program of its own so that its dependencies do not slow building `koch`.
        .executable(name: "koch-serve", targets: ["koch-serve"]),
        .library(name: "KochServer", targets: ["KochServer"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/hummingbird-project/swift-mustache", from: "2.1.1"),
        .package(url: "https://github.com/swiftcsv/SwiftCSV", from: "0.10.0"),
        .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.1"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1", traits: []),
        .package(url: "https://github.com/hummingbird-project/hummingbird-auth", from: "2.5.0"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
    ],
    targets: [
        .systemLibrary(
            name: "CSndFile",
            pkgConfig: "sndfile",
            providers: [.apt(["libsndfile1-dev"])]
        ),
        .systemLibrary(
            name: "CLame",
            pkgConfig: "lame",
            providers: [.apt(["libmp3lame-dev"])]
        ),
        .systemLibrary(
            name: "CEspeakNG",
            pkgConfig: "espeak-ng",
            providers: [.apt(["libespeak-ng-dev"])]
        ),
        .systemLibrary(
            name: "CSpeexDSP",
            pkgConfig: "speexdsp",
            providers: [.apt(["libspeexdsp-dev"])]
        ),
        // libebur128 measures loudness as ITU-R BS.1770 and EBU R128 do.
        .systemLibrary(
            name: "CEbur128",
            pkgConfig: "libebur128",
            providers: [.apt(["libebur128-dev"])]
        ),
        // FFmpeg's libraries read what phones and recorders make (M4A, 3GP, Opus, WebM ...): their headers
        // (libavformat-dev, libavcodec-dev, libswresample-dev), the libraries loaded when first needed.
        .target(name: "CFFmpeg", linkerSettings: [.linkedLibrary("dl")]),
        // PortAudio plays and records live practice's sound (ALSA, PulseAudio and PipeWire through it). Its header is
        // in /usr/include and its module map links it: its pkg-config's -pthread is a flag SwiftPM refuses with a warning.
        .systemLibrary(
            name: "CPortAudio",
            providers: [.apt(["portaudio19-dev"])]
        ),
        // OpenSSL's libcrypto hashes a pack's files (SHA-256) for its manifest.
        .systemLibrary(
            name: "CCrypto",
            pkgConfig: "libcrypto",
            providers: [.apt(["libssl-dev"])]
        ),
        // libevdev finds the keyboard-like devices a paddle adapter or a key is, and names their keys.
        .systemLibrary(
            name: "CEvdev",
            pkgConfig: "libevdev",
            providers: [.apt(["libevdev-dev"])]
        ),
        // libqrencode draws a learner's link as a QR code for the teacher's class sheet.
        .systemLibrary(
            name: "CQRencode",
            pkgConfig: "libqrencode",
            providers: [.apt(["libqrencode-dev"])]
        ),
        // libpq, PostgreSQL's own client library: a class kept in PostgreSQL for several servers.
        .systemLibrary(
            name: "CLibPQ",
            pkgConfig: "libpq",
            providers: [.apt(["libpq-dev"])]
        ),
        // zlib compresses the podcast feed's artwork as PNG.
        .systemLibrary(
            name: "CZlib",
            pkgConfig: "zlib",
            providers: [.apt(["zlib1g-dev"])]
        ),
        // The layers go one way, from KochCore up to the front ends (koch, koch-fuzz): a target uses only those of the
        // tiers below its own, as scripts/check-layers lists them and checks (make test runs it).
        // The method: the Koch order, timing, lesson content, grading, scheduling, progress, a band's conditions as a
        // lesson records them. Values in, values out, no I/O.
        .target(name: "KochCore", swiftSettings: optimisedInDebug),
        // Sound as values: synthesis, the band's conditions rendered (noise, fading, other stations), the filters and limiters.
        .target(name: "KochSound", dependencies: ["KochCore"], swiftSettings: optimisedInDebug),
        // Reading keyed audio, in folders by stage: the session, tone search, baseband, envelope,
        // timing, characters, the second readings, talk and rooms, and the signal processing they share.
        .target(name: "KochDecoding", dependencies: ["KochCore", "KochSound"], swiftSettings: optimisedInDebug),
        .target(
            name: "KochAudio",
            dependencies: ["KochCore", "CSndFile", "CLame", "CEspeakNG", "CSpeexDSP", "CFFmpeg", "CEbur128", "CPortAudio"],
            swiftSettings: optimisedInDebug),
        // A recording's file decoded: KochAudio reads it, KochDecoding reads the keying in it. Its own small
        // target, so that neither of the two side-by-side layers uses the other and every service above can decode a file.
        .target(name: "KochRecordings", dependencies: ["KochCore", "KochDecoding", "KochAudio", "KochIO"]),
        // Persistence: progress files, answer keys, rosters, the pack's journal and manifest, the files built into the program.
        .target(
            name: "KochIO",
            dependencies: ["KochCore", .product(name: "SwiftCSV", package: "SwiftCSV"), "CCrypto"],
            plugins: ["EmbedShippedFiles"]
        ),
        // Presentation: the JSON and SVG of a decode, the progress report's HTML page and charts, the calendar, a keying's JSON,
        // live practice's screens as lines of text, the Mustache templates.
        .target(
            name: "KochPresentation",
            dependencies: ["KochCore", "KochDecoding", "KochIO", .product(name: "Mustache", package: "swift-mustache")]
        ),
        // Lessons and packs written to disk: audio, answer keys, sheets, pages, manifest.
        .target(name: "KochLessons", dependencies: ["KochCore", "KochSound", "KochAudio", "KochIO", "KochPresentation"]),
        // Grading: one lesson's return recorded in a progress file, a class's returns at once, the gradebook.
        .target(
            name: "KochClass", dependencies: ["KochCore", "KochDecoding", "KochAudio", "KochRecordings", "KochIO", "KochPresentation", "KochLessons"]),
        // Live practice: a lesson played while the learner types, a paddle or key read as it is
        // keyed, the microphone decoded as it sounds; the key devices and the terminal at its edges.
        .target(
            name: "KochPractice",
            dependencies: ["KochCore", "KochSound", "KochDecoding", "KochAudio", "KochIO", "KochPresentation", "KochLessons", "KochClass", "CEvdev"]),
        // The class server: a class's learners, lessons and grades in one database, the learners' pages and
        // feeds, the teacher's pages and the JSON API, over HTTP (Hummingbird) with SQLite (GRDB).
        .target(
            name: "KochServer",
            dependencies: [
                "KochCore", "KochAudio", "KochIO", "KochPresentation", "KochLessons", "KochClass", "CQRencode", "CZlib", "CLibPQ",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdBcrypt", package: "hummingbird-auth"),
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "Logging", package: "swift-log"),
            ]),
        .executableTarget(
            name: "koch-serve",
            dependencies: [
                "KochServer", "KochCore", "KochIO", "KochPresentation", "KochLessons",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ],
            path: "Sources/KochServe"),
        // The templates and word lists built into the program (ShippedFiles.swift in KochIO).
        .executableTarget(name: "EmbedFiles"),
        .plugin(name: "EmbedShippedFiles", capability: .buildTool(), dependencies: ["EmbedFiles"]),
        .executableTarget(
            name: "koch",
            dependencies: [
                "KochCore", "KochSound", "KochDecoding", "KochAudio", "KochRecordings", "KochIO", "KochPresentation", "KochLessons", "KochClass",
                "KochPractice",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // Fuzzing (make fuzz): libFuzzer's driver, and one executable for every harness.
        .target(name: "CFuzzDriver"),
        .executableTarget(
            name: "koch-fuzz", dependencies: ["CFuzzDriver", "KochCore", "KochDecoding", "KochAudio", "KochIO", "KochPresentation", "KochLessons"],
            path: "Sources/KochFuzz"),
        // Signal measurements shared by the tests.
        .target(name: "KochTestSupport", dependencies: ["KochCore", "KochSound"], swiftSettings: optimisedInDebug),
        .testTarget(
            name: "KochCoreTests",
            dependencies: [
                "KochCore", "KochDecoding", "KochPresentation", "KochTestSupport", .product(name: "PropertyBased", package: "swift-property-based"),
            ]),
        .testTarget(name: "KochSoundTests", dependencies: ["KochSound", "KochCore", "KochTestSupport"]),
        .testTarget(
            name: "KochDecodingTests",
            dependencies: ["KochDecoding", "KochCore", "KochSound", "KochIO", "KochPresentation", "KochTestSupport"]),
        .testTarget(name: "KochAudioTests", dependencies: ["KochAudio", "KochDecoding", "KochCore", "KochSound", "KochTestSupport"]),
        .testTarget(
            name: "KochIOTests", dependencies: ["KochIO", "KochCore", .product(name: "PropertyBased", package: "swift-property-based")]),
        .testTarget(name: "KochRecordingsTests", dependencies: ["KochRecordings", "KochDecoding", "KochCore", "KochIO"]),
        .testTarget(name: "KochPresentationTests", dependencies: ["KochPresentation", "KochCore"]),
        .testTarget(name: "KochLessonsTests", dependencies: ["KochLessons", "KochAudio", "KochCore", "KochSound", "KochIO", "KochPresentation"]),
        .testTarget(
            name: "KochClassTests",
            dependencies: ["KochClass", "KochDecoding", "KochLessons", "KochAudio", "KochCore", "KochIO", "KochPresentation", "KochTestSupport"]),
        .testTarget(
            name: "KochPracticeTests",
            dependencies: ["KochPractice", "KochAudio", "KochDecoding", "KochCore", "KochSound", "KochIO", "KochLessons", "KochTestSupport"]),
        .testTarget(
            name: "KochServerTests",
            dependencies: [
                "KochServer", "KochCore", "KochIO", "KochClass", "KochLessons", "KochPresentation", "KochTestSupport",
                .product(name: "Hummingbird", package: "hummingbird"),
            ]),
        .testTarget(
            name: "KochCommandTests",
            dependencies: ["koch", "KochAudio", "KochDecoding", "KochCore", "KochIO", "KochPresentation", "KochTestSupport"]),
    ]
)
