import KochCore
import Testing

@testable import KochPractice

@Suite struct KeyNamesTests {
    @Test func keyNamesAndCodesRoundTripThroughLibevdev() {
        #expect(KeyCodeNames.code(of: "KEY_LEFTCTRL") == 29)
        #expect(KeyCodeNames.name(of: 29) == "KEY_LEFTCTRL")
        #expect(KeyCodeNames.code(of: "key_rightbrace") == 27)
        #expect(KeyCodeNames.code(of: "KEY_NOSUCHKEY") == nil)
        #expect(KeyCodeNames.label(of: 29) == "KEY_LEFTCTRL")
    }

    @Test func theUsualRolesAreBothCtrlsAndTheSpaceBar() throws {
        let roles = try KeyRoles()
        #expect(roles.codes == [29, 97, 57])
        #expect(roles.input(for: 29) == .paddle(.dit))
        #expect(roles.input(for: 97) == .paddle(.dah))
        #expect(roles.input(for: 57) == .straightKey)
        #expect(roles.input(for: 30) == nil)
    }

    @Test func paddleKeysAsKeyerReadsThemGiveTheRoles() throws {
        let roles = try KeyRoles(mapping: PaddleLog.KeyMapping(keyNames: "KEY_LEFTBRACE,KEY_RIGHTBRACE,KEY_ENTER"))
        #expect(roles.codes == [26, 27, 28])
    }

    @Test func anUnknownNameOrOneKeyTwiceIsRefusedByName() {
        #expect(throws: KeyRoles.Refusal.self) { try KeyRoles(mapping: PaddleLog.KeyMapping(dit: "KEY_LEFTCTL", dah: "KEY_RIGHTCTRL")) }
        do {
            _ = try KeyRoles(mapping: PaddleLog.KeyMapping(dit: "KEY_LEFTCTL", dah: "KEY_RIGHTCTRL"))
            Issue.record("an unknown key name was taken")
        } catch {
            #expect(error.description.hasPrefix("KEY_LEFTCTL is not a key name"))
        }
        do {
            _ = try KeyRoles(mapping: PaddleLog.KeyMapping(dit: "KEY_SPACE", dah: "KEY_RIGHTCTRL"))
            Issue.record("the space bar as both dit and straight key was taken")
        } catch {
            #expect(error.description.contains("two roles"))
        }
    }
}
