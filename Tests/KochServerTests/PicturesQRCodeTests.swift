import Foundation
import KochServer
import Testing

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// A learner's link as the class sheet prints it: 70 bytes, which version 5 holds at level M (84 bytes) and version 4 does not (62).
private let learnerLink = "https://koch.example.org/l/abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQ"

@Test func learnerLinkTakesVersionFiveThirtySevenModulesASide() throws {
    let code = try QRCode(text: learnerLink)
    #expect(code.version == 5)
    #expect(code.width == 37)
    #expect(code.width == 17 + 4 * code.version)
    #expect(try QRCode(text: "https://class.example.org/l/0123456789").width == 29)
}

@Test func threeCornersHoldFinderPatternsAndTheFourthDoesNot() throws {
    let code = try QRCode(text: learnerLink)
    let last = code.width - 7
    for (top, left) in [(0, 0), (0, last), (last, 0)] {
        for row in 0..<7 {
            for column in 0..<7 {
                let expected = isDarkInFinderPattern(row: row, column: column)
                #expect(code.isDark(row: top + row, column: left + column) == expected, "finder at \(top),\(left): \(row),\(column)")
            }
        }
    }
    let places = (0..<7).flatMap { row in (0..<7).map { (row, $0) } }
    let bottomRight = places.map { code.isDark(row: last + $0.0, column: last + $0.1) }
    let finder = places.map { isDarkInFinderPattern(row: $0.0, column: $0.1) }
    #expect(bottomRight != finder)
}

/// Whether a finder pattern's module is dark: a dark 7×7 border, a light ring inside it, a dark 3×3 centre.
private func isDarkInFinderPattern(row: Int, column: Int) -> Bool {
    max(abs(row - 3), abs(column - 3)) != 2
}

@Test func finderPatternsAreSeparatedByLightModulesAndJoinedByTimingPatterns() throws {
    let code = try QRCode(text: learnerLink)
    let width = code.width
    for index in 0..<8 {
        #expect(!code.isDark(row: 7, column: index) && !code.isDark(row: index, column: 7))
        #expect(!code.isDark(row: 7, column: width - 1 - index) && !code.isDark(row: width - 8, column: index))
    }
    for index in 8..<(width - 8) {
        #expect(code.isDark(row: 6, column: index) == index.isMultiple(of: 2), "timing along row 6 at \(index)")
        #expect(code.isDark(row: index, column: 6) == index.isMultiple(of: 2), "timing down column 6 at \(index)")
    }
    // The module every QR code has dark beside the bottom-left finder.
    #expect(code.isDark(row: 4 * code.version + 9, column: 8))
}

@Test func formatInformationSaysLevelMInBothCopiesWithAValidBCHCode() throws {
    let code = try QRCode(text: learnerLink)
    let width = code.width
    // The two copies, most significant bit first, in the order ISO/IEC 18004 places them (as ZXing reads them).
    var first: [(Int, Int)] = (0..<6).map { (8, $0) } + [(8, 7), (8, 8), (7, 8)]
    first += (0..<6).reversed().map { ($0, 8) }
    let second: [(Int, Int)] = (width - 7..<width).reversed().map { ($0, 8) } + (width - 8..<width).map { (8, $0) }
    let copies = [first, second].map { places in
        places.reduce(0) { ($0 << 1) | (code.isDark(row: $1.0, column: $1.1) ? 1 : 0) } ^ 0b101_0100_0001_0010
    }
    #expect(copies[0] == copies[1])
    #expect(copies[0] >> 13 == 0b00, "error correction level M")
    // The 15 bits are a multiple of the BCH generator x^10 + x^8 + x^5 + x^4 + x^2 + x + 1.
    var remainder = copies[0]
    for shift in (0...4).reversed() where remainder & (1 << (shift + 10)) != 0 { remainder ^= 0b101_0011_0111 << shift }
    #expect(remainder == 0)
}

@Test func modulesOutsideTheCodeAreLight() throws {
    let code = try QRCode(text: "K")
    #expect(code.width == 21)
    #expect(!code.isDark(row: -1, column: 0) && !code.isDark(row: 0, column: 21) && !code.isDark(row: 21, column: 21))
    #expect(code.isDark(row: 0, column: 0))
}

@Test func refusesWhatItCannotDrawFaithfully() throws {
    #expect(throws: QRCodeError.empty) { try QRCode(text: "") }
    #expect(throws: QRCodeError.containsNul) { try QRCode(text: "https://a\u{0}b") }
    #expect(throws: QRCodeError.tooLong(lengthBytes: 2332)) { try QRCode(text: String(repeating: "a", count: 2332)) }
    #expect(try QRCode(text: String(repeating: "a", count: 2331)).width == 177)
    #expect(QRCodeError.tooLong(lengthBytes: 2332).description.contains("2332 bytes"))
}

@Test func svgIsWellFormedAndItsPathDrawsExactlyTheDarkModules() throws {
    let code = try QRCode(text: learnerLink)
    let title = "Ann's link <koch> & \"more\"\u{1}"
    let svg = code.svg(moduleSizePixels: 4, title: title)
    let reading = try #require(SVGReading(svg))
    #expect(reading.elements == ["svg", "title", "rect", "path"])
    #expect(reading.title == "Ann's link <koch> & \"more\"")
    let root = reading.attributes[0]
    #expect(root["width"] == "180" && root["height"] == "180" && root["viewBox"] == "0 0 45 45")
    #expect(root["shape-rendering"] == "crispEdges")
    var dark = Set<[Int]>()
    let runs = try #require(reading.attributes[3]["d"]).split(separator: "z")
    for run in runs {
        let numbers = run.split(whereSeparator: { "Mhv -".contains($0) }).compactMap { Int($0) }
        try #require(numbers.count == 5 && numbers[3] == 1 && numbers[2] == numbers[4], "run \(run)")
        for column in numbers[0]..<(numbers[0] + numbers[2]) { dark.insert([numbers[1], column]) }
    }
    for row in 0..<45 {
        for column in 0..<45 {
            #expect(dark.contains([row, column]) == code.isDark(row: row - 4, column: column - 4), "module \(row),\(column)")
        }
    }
}

@Test func svgQuietZoneAndModuleSizeSetItsSize() throws {
    let svg = try QRCode(text: "K").svg(moduleSizePixels: 3, quietZoneModules: 2, title: "K")
    let root = try #require(SVGReading(svg)).attributes[0]
    #expect(root["width"] == "75" && root["viewBox"] == "0 0 25 25")
}

/// An SVG read back by Foundation's XML parser: its elements in order, their attributes, and its title's text.
private final class SVGReading: NSObject, XMLParserDelegate {
    var elements: [String] = []
    var attributes: [[String: String]] = []
    var title = ""
    private var inTitle = false

    /// Nil when the text is not well-formed XML.
    init?(_ text: String) {
        super.init()
        let parser = XMLParser(data: Data(text.utf8))
        parser.delegate = self
        guard parser.parse() else { return nil }
    }

    func parser(
        _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?,
        attributes attributeDict: [String: String]
    ) {
        elements.append(elementName)
        attributes.append(attributeDict)
        inTitle = elementName == "title"
    }

    func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?) {
        inTitle = false
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        if inTitle { title += string }
    }
}
