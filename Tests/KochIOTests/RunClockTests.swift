import Foundation
import KochIO
import Testing

@Suite struct RunClockTests {
    let utc = TimeZone(identifier: "UTC")!

    @Test func secondsSince1970NameTheMoment() throws {
        #expect(try RunClock.now(environment: ["KOCH_NOW": "1795867200"], timeZone: utc) == Date(timeIntervalSince1970: 1_795_867_200))
    }

    @Test func aDateIsReadAsTheLearnersClockShowsIt() throws {
        let berlin = TimeZone(identifier: "Europe/Berlin")!
        let evening = try RunClock.now(environment: ["KOCH_NOW": "2026-11-28T19:30"], timeZone: berlin)
        #expect(evening == Date(timeIntervalSince1970: 1_795_867_200 + 6.5 * 3600))
        let noon = try RunClock.now(environment: ["KOCH_NOW": "2026-11-28"], timeZone: utc)
        #expect(noon == Date(timeIntervalSince1970: 1_795_867_200))
        let offset = try RunClock.now(environment: ["KOCH_NOW": "2026-11-28T13:00:00+01:00"], timeZone: utc)
        #expect(offset == Date(timeIntervalSince1970: 1_795_867_200))
    }

    @Test func withoutTheVariableItIsTheSystemsClock() throws {
        let before = Date()
        let now = try RunClock.now(environment: [:])
        #expect(now >= before && now <= Date())
        #expect(try RunClock.now(environment: ["KOCH_NOW": ""]) >= before)
    }

    @Test func somethingThatIsNoMomentIsRefusedByName() {
        #expect(throws: RunClockError.self) { try RunClock.now(environment: ["KOCH_NOW": "tomorrow"]) }
        #expect(RunClockError(value: "tomorrow").description.contains("KOCH_NOW must be"))
    }
}
