import KochCore

/// One over of one station: when it sent, at what pitch and speed, and what it sent.
public struct StationOver: Sendable, Hashable {
    /// Which station, counted from 1 in the order the stations were given (or, for stations
    /// told apart, in the order they first sent).
    public let station: Int
    public let toneHz: Double
    /// The station's speed as its reading learned it; nil where nothing was read.
    public let speedWPM: Double?
    public let startSeconds: Double
    public let endSeconds: Double
    /// The characters read in this over, timed in the recording.
    public let characters: [DecodedCharacter]

    public init(station: Int, toneHz: Double, speedWPM: Double?, startSeconds: Double, endSeconds: Double, characters: [DecodedCharacter]) {
        self.station = station
        self.toneHz = toneHz
        self.speedWPM = speedWPM
        self.startSeconds = startSeconds
        self.endSeconds = endSeconds
        self.characters = characters
    }

    /// The over's text: words separated by single spaces.
    public var text: String {
        characters.enumerated().map { ($0.offset > 0 && $0.element.startsWord ? " " : "") + $0.element.text }.joined()
    }
}

extension StationOver {
    /// This over and the next of the same station as one: the next begins a new word.
    func joined(with next: StationOver) -> StationOver {
        let continued = next.characters.enumerated().map { index, character in
            DecodedCharacter(
                text: character.text, elements: character.elements, startSeconds: character.startSeconds, endSeconds: character.endSeconds,
                startsWord: index == 0 || character.startsWord, isAmbiguous: character.isAmbiguous)
        }
        return StationOver(
            station: station, toneHz: toneHz, speedWPM: speedWPM, startSeconds: startSeconds, endSeconds: max(endSeconds, next.endSeconds),
            characters: characters + continued)
    }
}
