import Testing

@testable import KochCore

@Suite struct ContentQSOTests {
    @Test func everyKeyOfAContactIsFilledWithSendableText() throws {
        let filler = try QSOFiller()
        var random = SeededGenerator(seed: 1)
        let course = Set(KochCourse.full.order.map(\.text))
        for _ in 0..<200 {
            let contact = filler.contact(using: &random)
            let context = contact.context
            for key in QSOContact.keys {
                let parts = key.split(separator: ".").map(String.init)
                let value = try #require(context[parts[0]]?[parts[1]], "\(key)")
                #expect(!value.isEmpty, "\(key)")
                let text = try MorseText(parsing: value)
                #expect(text.words.joined().allSatisfy { course.contains($0.text) }, "\(key): \(value)")
            }
            #expect(contact.caller.call != contact.answerer.call)
        }
    }

    @Test func reportsAreRealSignalReports() throws {
        let filler = try QSOFiller()
        var random = SeededGenerator(seed: 2)
        for _ in 0..<100 {
            let rst = filler.contact(using: &random).caller.rst
            #expect(rst.wholeMatch(of: /[1-5][1-9]9/) != nil, "\(rst)")
        }
    }

    @Test func serialsAreThreeDigits() throws {
        let filler = try QSOFiller()
        var random = SeededGenerator(seed: 3)
        for _ in 0..<100 {
            #expect(filler.contact(using: &random).answerer.serial.wholeMatch(of: /[0-9]{3}/) != nil)
        }
    }

    @Test func sameSeedGivesTheSameContact() throws {
        let filler = try QSOFiller()
        var first = SeededGenerator(seed: 7)
        var second = SeededGenerator(seed: 7)
        #expect(filler.contact(using: &first) == filler.contact(using: &second))
    }
}
