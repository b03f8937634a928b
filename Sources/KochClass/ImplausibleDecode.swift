import KochCore
import KochDecoding

/// Why a decode cannot be graded as a reading of an exercise: what a grade must not be
/// recorded from.
///
/// A decode doubtful as keying (`DoubtfulReading`) is never graded. Nor is one of about a
/// different length than the exercise. Where the recording was hard to read (a room's echo, a
/// wavering pitch, talk, the tone near the noise, another station keyed: `ReadingHardship`), a
/// reading that matches the exercise poorly is refused too: the mistakes may be the
/// recording's rather than the sender's. A clean recording's poor match is the sender's, and
/// is graded.
public enum ImplausibleDecode: Sendable, Hashable, CustomStringConvertible {
    case doubtfulReading(DoubtfulReading)
    /// The recording was hard to read, and the reading matches only `accuracy` of the exercise.
    case poorMatch(ReadingHardship, accuracy: Double)
    case tooFewCharacters(decoded: Int, expected: Int)
    case tooManyCharacters(decoded: Int, expected: Int)

    /// The decoded characters must be at least this fraction of the exercise's, and at most its inverse.
    public static let smallestCharacterShare = 0.5
    /// Where the recording was hard to read (`DecodeResult.isHardToRead`), a reading that
    /// matches under this share of the exercise is not graded: the share a session needs to
    /// move the level (`DirectionProgress.advancementPercent`), so that no mistake of the
    /// recording's holds a learner back.
    public static let poorMatchBelowAccuracy = Double(DirectionProgress.advancementPercent) / 100

    /// Everything that keeps `result` from being graded as a reading of an exercise of
    /// `expectedCharacters` characters; `matchAccuracy`, the share of the exercise the reading
    /// matches when it was scored. In an echoing room, where the tone's pitch wavered, near the
    /// noise or beside another station, a misreading can look like any other reading (a
    /// plausible speed, about the exercise's length), so there a poor match is not taken for
    /// the sender's.
    public static func found(in result: DecodeResult, expectedCharacters: Int, matchAccuracy: Double?) -> [ImplausibleDecode] {
        var found = result.implausibilities().map(ImplausibleDecode.doubtfulReading)
        if let matchAccuracy, matchAccuracy < poorMatchBelowAccuracy {
            let poor = result.hardships.map { ImplausibleDecode.poorMatch($0, accuracy: matchAccuracy) }
            let gaps = found.firstIndex { if case .doubtfulReading(.echoFilledTheGaps) = $0 { true } else { false } }
            found.insert(contentsOf: poor, at: gaps ?? found.endIndex)
        }
        let decoded = result.output.characters.count
        if Double(decoded) < smallestCharacterShare * Double(expectedCharacters) {
            found.append(.tooFewCharacters(decoded: decoded, expected: expectedCharacters))
        } else if Double(decoded) > Double(expectedCharacters) / smallestCharacterShare {
            found.append(.tooManyCharacters(decoded: decoded, expected: expectedCharacters))
        }
        return found
    }

    public var description: String {
        switch self {
        case let .doubtfulReading(doubt):
            return doubt.description
        case let .poorMatch(hardship, accuracy):
            return "\(hardship), and the reading matches only \(Int((100 * accuracy).rounded())) % of the exercise: \(Self.why(hardship))"
        case let .tooFewCharacters(decoded, expected):
            return "only \(decoded) characters were read, of the \(expected) the exercise sends"
        case let .tooManyCharacters(decoded, expected):
            return "\(decoded) characters were read, more than twice the \(expected) the exercise sends"
        }
    }

    /// Why the mistakes of a reading that matches poorly may not be the sender's.
    private static func why(_ hardship: ReadingHardship) -> String {
        switch hardship {
        case .roomEcho: return "koch cannot tell mistakes in the keying from marks the echo ran together"
        case .nearTheNoise: return "koch cannot tell mistakes in the keying from the noise's"
        case .waveringTone: return "koch cannot tell mistakes in the keying from the room's"
        case .talk: return "koch cannot tell mistakes in the keying from marks the talk made or broke"
        case .otherTone: return "what was read may be the other tone's keying"
        }
    }
}
