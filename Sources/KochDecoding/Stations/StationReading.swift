import KochCore

/// Reads each of several stations in one recording at its own pitch and speed, as a caller
/// that knows them asks (a QSO's grading knows the lesson's station and the learner).
///
/// Each station is read alone: where its spans are given, from those stretches of the
/// recording spliced together with a margin around each (`StationStretches`), so that the
/// decoder learns its speed from its own keying only and never hears another station at its
/// pitch; elsewhere from the whole recording. It is read at its pitch with the other stations'
/// pitches shut out as rivals (a station 100 Hz away, keyed over it, is not read), and at its
/// speed when given. Each station's characters are cut into overs: one for each span given
/// (empty where nothing was read in it), or, without spans, wherever the keying pauses for
/// longer than `pauseBetweenOversSeconds` and two word gaps.
///
/// ```swift
/// let read = try StationReading.read(channels: [samples], sampleRate: 8000, stations: [
///     KnownStation(toneHz: 600, speedWPM: 20, spansSeconds: [0.5...6.2, 14...19.5]),
///     KnownStation(toneHz: 700),
/// ])
/// for over in read.flatMap(\.overs) { print(over.station, over.startSeconds, over.text) }
/// ```
///
/// A station's `result` is its reading as `koch decode` would judge it (`DecodeResult.warnings`
/// says where it is doubtful): a grade must not count a reading that is.
public enum StationReading {
    /// One station's reading: its overs, and the decode they come from.
    public struct Transcript: Sendable {
        /// Counted from 1, in the order the stations were given.
        public let station: Int
        public let known: KnownStation
        public let overs: [StationOver]
        /// The decode of the station's stretches (its times are the spliced recording's: the
        /// overs carry the recording's).
        public let result: DecodeResult

        /// The speed learned from the station's keying.
        public var speedWPM: Double? { result.statistics.speedWPM }
        /// Every over's text, one after another.
        public var text: String { overs.map(\.text).filter { !$0.isEmpty }.joined(separator: " ") }
    }

    /// A pause between a station's characters longer than this, and than two word gaps at its
    /// speed, ends an over where no spans were given.
    public static let pauseBetweenOversSeconds = 1.0

    /// Reads `stations` from `channels` (one array of samples per channel), each alone.
    public static func read(
        channels: [[Float]], sampleRate: Int, stations: [KnownStation], expecting prior: CharacterPrior = .text
    ) throws -> [Transcript] {
        let length = Double(channels.map(\.count).min() ?? 0) / Double(sampleRate)
        return try stations.enumerated().map { index, known in
            let others = stations.enumerated().filter { $0.offset != index }.map(\.element)
            // Only a station the filter cannot shut out by pitch is kept out of the margins.
            let keptOut = others.filter { abs($0.toneHz - known.toneHz) <= ToneCandidate.sameToneWithinHz }.flatMap { $0.spansSeconds ?? [] }
            let stretches = StationStretches(
                channels: channels, sampleRate: sampleRate, spansSeconds: known.spansSeconds ?? [0...length], keepingOut: keptOut)
            var request = DecodeRequest(
                sampleRate: sampleRate, channelCount: channels.count, toneHz: known.toneHz, speedWPM: known.speedWPM, prior: prior)
            request.otherStationsHz = others.map(\.toneHz)
            let result = try DecodeSession.decode(channels: stretches.channels, request: request, pass: .withSecondReadings)
            let characters = result.output.characters.map { character in
                let piece = stretches.pieceIndex(splicedSeconds: character.startSeconds)
                return DecodedCharacter(
                    text: character.text, elements: character.elements,
                    startSeconds: stretches.recordingSeconds(splicedSeconds: character.startSeconds, piece: piece),
                    endSeconds: stretches.recordingSeconds(splicedSeconds: character.endSeconds, piece: piece),
                    startsWord: character.startsWord, isAmbiguous: character.isAmbiguous)
            }
            let station = index + 1
            let speed = result.statistics.speedWPM
            let overs =
                known.spansSeconds.map { Self.overs(of: characters, in: $0, station: station, toneHz: known.toneHz, speedWPM: speed) }
                ?? Self.overs(
                    of: characters, pausingOver: pause(ditSeconds: result.statistics.ditSeconds), station: station, known: known, speedWPM: speed)
            return Transcript(station: station, known: known, overs: overs, result: result)
        }
    }

    /// The pause that ends an over: `pauseBetweenOversSeconds`, or two word gaps if longer.
    static func pause(ditSeconds: Double?) -> Double {
        max(pauseBetweenOversSeconds, 14 * (ditSeconds ?? 0))
    }

    /// One over for each span, holding the characters nearest it.
    static func overs(
        of characters: [DecodedCharacter], in spans: [ClosedRange<Double>], station: Int, toneHz: Double, speedWPM: Double?
    ) -> [StationOver] {
        let sorted = spans.sorted { $0.lowerBound < $1.lowerBound }
        var held = Array(repeating: [DecodedCharacter](), count: sorted.count)
        for character in characters {
            let middle = (character.startSeconds + character.endSeconds) / 2
            func distance(_ span: ClosedRange<Double>) -> Double { max(span.lowerBound - middle, middle - span.upperBound, 0) }
            guard let nearest = sorted.indices.min(by: { distance(sorted[$0]) < distance(sorted[$1]) }) else { continue }
            held[nearest].append(character)
        }
        return zip(sorted, held).map { span, characters in
            StationOver(
                station: station, toneHz: toneHz, speedWPM: speedWPM,
                startSeconds: characters.first?.startSeconds ?? span.lowerBound,
                endSeconds: characters.last?.endSeconds ?? span.upperBound, characters: characters)
        }
    }

    /// The characters cut into overs wherever the keying pauses longer than `pauseSeconds`.
    static func overs(
        of characters: [DecodedCharacter], pausingOver pauseSeconds: Double, station: Int, known: KnownStation, speedWPM: Double?
    ) -> [StationOver] {
        var groups: [[DecodedCharacter]] = []
        for character in characters {
            if let last = groups.last?.last, character.startSeconds - last.endSeconds <= pauseSeconds {
                groups[groups.count - 1].append(character)
            } else {
                groups.append([character])
            }
        }
        return groups.map {
            StationOver(
                station: station, toneHz: known.toneHz, speedWPM: speedWPM, startSeconds: $0[0].startSeconds,
                endSeconds: $0[$0.count - 1].endSeconds, characters: $0)
        }
    }
}
