import CEspeakNG
import Foundation
import KochCore

/// Speaks text into samples through espeak-ng's library, in its synchronous
/// mode: the library hands each stretch of speech it makes to a callback,
/// which gathers it in a buffer; nothing is played.
///
/// espeak-ng is one engine per process and not safe to call from two
/// threads at once: every call into it is made under one lock, and each
/// synthesis sets its own voice and rate, so that synthesizers with
/// different voices can be used side by side. Its data (phoneme tables,
/// voices) is found where the library looks by default (its built-in path,
/// or `ESPEAK_DATA_PATH`).
public final class SpeechSynthesizer: Sendable {
    /// espeak-ng's slowest and fastest rates, in words per minute.
    public static let rateRangeWPM = LessonSettings.Limits.speechRateWPM
    public static let defaultVoice = SpeechSettings.defaultVoice
    public static let defaultRateWPM = SpeechSettings.defaultRateWPM

    public let voice: String
    public let rateWPM: Int
    /// The rate espeak-ng speaks at (22050 Hz for its usual voices).
    public let sampleRateHz: Int

    private static let engine = Engine()

    /// Starts espeak-ng (once per process) and checks that the voice exists.
    public init(voice: String = SpeechSynthesizer.defaultVoice, rateWPM: Int = SpeechSynthesizer.defaultRateWPM) throws(SpeechError) {
        guard Self.rateRangeWPM.contains(rateWPM) else { throw .invalidRate(wordsPerMinute: rateWPM) }
        self.voice = voice
        self.rateWPM = rateWPM
        sampleRateHz = try Self.engine.withLock { () throws(SpeechError) -> Int in
            let rate = try Self.engine.start()
            try Self.engine.select(voice: voice, rateWPM: rateWPM)
            return rate
        }
    }

    /// The text spoken, full scale ±1 at `sampleRateHz`, with the silence
    /// espeak-ng leaves around it.
    public func speak(_ text: String) throws(SpeechError) -> [Float] {
        try Self.engine.withLock { () throws(SpeechError) -> [Float] in
            _ = try Self.engine.start()
            try Self.engine.select(voice: voice, rateWPM: rateWPM)
            let gathered = Gathered()
            let status = text.withCString { pointer in
                espeak_ng_Synthesize(
                    pointer, strlen(pointer) + 1, 0, POS_CHARACTER, 0, UInt32(espeakCHARS_UTF8), nil,
                    Unmanaged.passUnretained(gathered).toOpaque())
            }
            _ = espeak_ng_Synchronize()
            guard status == ENS_OK else { throw .synthesis(text: text, reason: Self.message(status)) }
            return gathered.samples
        }
    }

    static func message(_ status: espeak_ng_STATUS) -> String {
        var buffer = [CChar](repeating: 0, count: 512)
        espeak_ng_GetStatusCodeMessage(status, &buffer, buffer.count)
        let text = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return text.isEmpty ? "status \(status.rawValue)" : text
    }

    /// The samples of one synthesis, as the callback hands them over.
    private final class Gathered {
        var samples: [Float] = []
    }

    /// The one espeak-ng engine of the process: started on first use, its calls serialised.
    private final class Engine: @unchecked Sendable {
        private let lock = NSLock()
        /// The sample rate once started, or why it could not start; guarded by `lock`.
        private var started: Result<Int, SpeechError>?
        /// The voice and rate set last (loading a voice reads its files); guarded by `lock`.
        private var selected: (voice: String, rateWPM: Int)?

        func withLock<T>(_ body: () throws(SpeechError) -> T) throws(SpeechError) -> T {
            lock.lock()
            defer { lock.unlock() }
            return try body()
        }

        /// Sets the voice and rate unless they are set already; called under the lock.
        func select(voice: String, rateWPM: Int) throws(SpeechError) {
            if let selected, selected.voice == voice, selected.rateWPM == rateWPM { return }
            selected = nil
            let status = espeak_ng_SetVoiceByName(voice)
            guard status == ENS_OK else { throw .unknownVoice(name: voice, reason: SpeechSynthesizer.message(status)) }
            let rateStatus = espeak_ng_SetParameter(espeakRATE, Int32(rateWPM), 0)
            guard rateStatus == ENS_OK else { throw .invalidRate(wordsPerMinute: rateWPM) }
            selected = (voice, rateWPM)
        }

        /// Called under the lock.
        func start() throws(SpeechError) -> Int {
            if let started { return try started.get() }
            let result = Self.initialize()
            started = result
            return try result.get()
        }

        private static func initialize() -> Result<Int, SpeechError> {
            espeak_ng_InitializePath(nil)
            var context: espeak_ng_ERROR_CONTEXT?
            let status = espeak_ng_Initialize(&context)
            defer { espeak_ng_ClearErrorContext(&context) }
            guard status == ENS_OK else { return .failure(.cannotStart(reason: SpeechSynthesizer.message(status))) }
            let outputStatus = espeak_ng_InitializeOutput(ENOUTPUT_MODE_SYNCHRONOUS, 0, nil)
            guard outputStatus == ENS_OK else { return .failure(.cannotStart(reason: SpeechSynthesizer.message(outputStatus))) }
            espeak_SetSynthCallback { wave, count, events in
                guard let events else { return 0 }
                var event = events
                // Every list of events (at least its terminator) carries the synthesis's user data.
                while event.pointee.type != espeakEVENT_LIST_TERMINATED, event.pointee.user_data == nil { event += 1 }
                guard let userData = event.pointee.user_data else { return 0 }
                let gathered = Unmanaged<Gathered>.fromOpaque(userData).takeUnretainedValue()
                if let wave, count > 0 {
                    // Appended as they come, the array growing geometrically (reserving exactly
                    // each buffer's samples would copy the whole phrase every time).
                    gathered.samples.append(contentsOf: UnsafeBufferPointer(start: wave, count: Int(count)).lazy.map { Float($0) / 32768 })
                }
                return 0
            }
            return .success(Int(espeak_ng_GetSampleRate()))
        }
    }
}
