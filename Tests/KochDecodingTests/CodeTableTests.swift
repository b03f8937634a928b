import Foundation
import Testing

@testable import KochCore
@testable import KochDecoding

/// The code table against the Recommendation written out by hand, and both of
/// the decoder's readers against the table.
@Suite struct CodeTableTests {
    /// ITU-R M.1677-1, International Morse code, part I, §1.1, as printed there.
    static let recommendation: [String: String] = [
        "A": ".-", "B": "-...", "C": "-.-.", "D": "-..", "E": ".", "F": "..-.", "G": "--.", "H": "....", "I": "..",
        "J": ".---", "K": "-.-", "L": ".-..", "M": "--", "N": "-.", "O": "---", "P": ".--.", "Q": "--.-", "R": ".-.",
        "S": "...", "T": "-", "U": "..-", "V": "...-", "W": ".--", "X": "-..-", "Y": "-.--", "Z": "--..",
        "1": ".----", "2": "..---", "3": "...--", "4": "....-", "5": ".....", "6": "-....", "7": "--...", "8": "---..",
        "9": "----.", "0": "-----",
        // Full stop, comma, colon, question mark, apostrophe, hyphen, fraction bar, brackets,
        // inverted commas, double hyphen, cross (addition), commercial at.
        ".": ".-.-.-", ",": "--..--", ":": "---...", "?": "..--..", "'": ".----.", "-": "-....-", "/": "-..-.",
        "(": "-.--.", ")": "-.--.-", "\"": ".-..-.", "=": "-...-", "+": ".-.-.", "@": ".--.-.",
        // Signals: understood, error, wait, end of work, starting signal.
        "<SN>": "...-.", "<HH>": "........", "<AS>": ".-...", "<SK>": "...-.-", "<CT>": "-.-.-",
    ]

    /// In wide use on the air but outside the Recommendation.
    static let customary: [String: String] = [
        ";": "-.-.-.", "!": "-.-.--", "<BK>": "-...-.-", "<SOS>": "...---...",
        // Prosigns written by the letters run together: the same codes as +, = and (.
        "<AR>": ".-.-.", "<BT>": "-...-", "<KN>": "-.--.",
    ]

    @Test func everyCodeIsTheRecommendationsOrCustomary() {
        let table = MorseAlphabet.patterns.map { (String($0.key), $0.value) } + MorseAlphabet.prosigns.map { ($0.key, $0.value) }
        for (text, pattern) in table {
            #expect((Self.recommendation[text] ?? Self.customary[text]) == pattern, "\(text)")
        }
        for (text, pattern) in Self.recommendation.merging(Self.customary, uniquingKeysWith: { first, _ in first }) {
            let own = text.count == 1 ? MorseAlphabet.patterns[Character(text)] : MorseAlphabet.prosigns[text]
            #expect(own == pattern, "\(text)")
        }
    }

    @Test func everyPatternIsIndexedOnceAndACharacterWinsOverAProsign() {
        let readings = MorseAlphabet.readings
        #expect(Set(readings.map { String($0.elements.map(\.rawValue)) }).count == readings.count)
        let byPattern = Dictionary(uniqueKeysWithValues: readings.map { (String($0.elements.map(\.rawValue)), $0.text) })
        #expect(byPattern["-...-"] == "=")
        #expect(byPattern[".-.-."] == "+")
        #expect(byPattern["-.--."] == "(")
        #expect(byPattern["-...-.-"] == "<BK>")
        #expect(readings.filter(\.isLetter).count == 26)
    }

    /// Every character of the full course and every prosign, as read (`<BT>` is read as `=`).
    static let everything: [String] = Array(
        Set((KochCourse.full.order.map(\.text) + MorseAlphabet.prosigns.keys).compactMap { MorseAlphabet.text(for: elements($0)) })
    ).sorted()

    static func elements(_ text: String) -> [Element] {
        let pattern = text.count == 1 ? MorseAlphabet.patterns[Character(text)] : MorseAlphabet.prosigns[text]
        return (pattern ?? "").compactMap(Element.init(rawValue:))
    }

    @Test(arguments: everything)
    func theTimingReaderReadsEveryCharacter(text: String) {
        let elements = Self.elements(text)
        let model = TimingModel(ditSeconds: 0.06)
        let read = CharacterAssembler().read(
            markLogs: elements.map { log($0 == .dit ? 0.06 : 0.18) }, gapLogs: Array(repeating: log(0.06), count: elements.count - 1),
            model: model)
        #expect(read.map(\.text) == [text])
    }

    @Test(arguments: everything)
    func theSoftReaderReadsEveryCharacter(text: String) {
        let rate = 500.0, ditSamples = 30
        var evidence = MarkEvidence(rate: rate)
        func add(_ value: Double, dits: Int) { for _ in 0..<(dits * ditSamples) { evidence.append(value) } }
        add(-0.1, dits: 8)
        for (index, element) in Self.elements(text).enumerated() {
            if index > 0 { add(-0.1, dits: 1) }
            // Clear keying: even a lone dit pays for a character.
            add(0.3, dits: element.units)
        }
        add(-0.1, dits: 8)
        let read = SoftWordReader().read(
            evidence, fromSeconds: 0, toSeconds: Double(evidence.values.count) / rate, model: TimingModel(ditSeconds: 0.06))
        #expect(read.map(\.text) == [text])
    }
}
