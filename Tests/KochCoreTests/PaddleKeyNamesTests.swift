import Testing

@testable import KochCore

@Suite struct PaddleKeyNamesTests {
    @Test func twoNamesAreTheDitAndDahPaddlesInAnyCase() throws {
        let mapping = try PaddleLog.KeyMapping(keyNames: "key_leftbrace, KEY_RIGHTBRACE")
        #expect(mapping == PaddleLog.KeyMapping(dit: "KEY_LEFTBRACE", dah: "KEY_RIGHTBRACE"))
    }

    @Test func aThirdNameIsAStraightKey() throws {
        let mapping = try PaddleLog.KeyMapping(keyNames: "KEY_A,KEY_B,BTN_LEFT")
        #expect(mapping.straightKey == "BTN_LEFT")
    }

    @Test(arguments: ["KEY_A", "KEY_A,KEY_B,KEY_C,KEY_D", "KEY_A,LEFT", ""])
    func anythingButTwoOrThreeEvtestNamesIsRefused(names: String) {
        #expect(throws: PaddleLog.KeyMapping.Refusal(given: names)) { try PaddleLog.KeyMapping(keyNames: names) }
    }
}
