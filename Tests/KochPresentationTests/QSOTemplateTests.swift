import Foundation
import KochCore
import KochPresentation
import Testing

@Suite struct QSOTemplateTests {
    static let templatesFolder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("templates").path

    static var styles: [String] {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: templatesFolder + "/qso")) ?? []
        return files.filter { $0.hasSuffix(".mustache") }.map { String($0.dropLast(".mustache".count)) }.sorted()
    }

    /// What a QSO may send: the full course's characters and the prosigns that end and separate transmissions.
    static let sendable = Set(KochCourse.full.order.map(\.text) + ["<AR>", "<SK>", "<BT>", "<KN>"])

    @Test func theFourStylesOfTheDesignAreThere() {
        #expect(Set(["first-contact", "signal-report", "contest", "rag-chew"]).isSubset(of: Set(Self.styles)))
    }

    @Test func everyKeyATemplateUsesIsFilledByTheFiller() throws {
        let keys = Set(QSOContact.keys)
        for style in Self.styles {
            let source = try String(contentsOfFile: Self.templatesFolder + "/qso/\(style).mustache", encoding: .utf8)
            #expect(source.hasPrefix("{{% CONTENT_TYPE: TEXT}}"), "\(style)")
            for match in source.matches(of: /\{\{\s*([A-Za-z][A-Za-z0-9_.]*)\s*\}\}/) {
                #expect(keys.contains(String(match.1)), "\(style) uses {{\(match.1)}}, which QSOFiller does not fill")
            }
        }
    }

    @Test func everyTemplateRendersToTextTheFullCourseCanSend() throws {
        let templates = try Templates(environment: ["KOCH_TEMPLATES": Self.templatesFolder])
        let filler = try QSOFiller()
        var random = SeededGenerator(seed: 1)
        for style in Self.styles {
            for _ in 0..<30 {
                let contact = filler.contact(using: &random)
                let text = try templates.render("qso/\(style)", contact.context)
                #expect(!text.contains("{{") && !text.contains("&"), "\(style): \(text)")
                let morse = try MorseText(parsing: text)
                for symbol in morse.words.joined() {
                    #expect(Self.sendable.contains(symbol.text), "\(style): \(symbol.text) in \(text)")
                }
                #expect(morse.normalized.contains(contact.caller.call))
            }
        }
    }
}
