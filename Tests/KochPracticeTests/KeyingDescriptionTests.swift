import KochCore
import Testing

@testable import KochPractice

@Suite struct KeyingDescriptionTests {

    @Test func aDeviceWithOnlyTheStraightKeyIsAStraightKeyNotAKeyer() throws {
        let roles = try KeyRoles()
        let codes: Set<UInt16> = [roles.straightKeyCode]
        let description = KeyingDescription(roles: roles, mode: .b, deviceCodes: codes)
        #expect(description.keys == .straightKey)
        #expect(description.text == "a straight key (KEY_SPACE), timed by you")
    }

    @Test func aDeviceWithOnlyThePaddlesIsTheKeyer() throws {
        let roles = try KeyRoles()
        let codes: Set<UInt16> = [roles.ditCode, roles.dahCode]
        let description = KeyingDescription(roles: roles, mode: .a, deviceCodes: codes)
        #expect(description.text == "the paddles (KEY_LEFTCTRL dit, KEY_RIGHTCTRL dah) through the iambic keyer, mode A")
    }

    @Test func aDeviceThatHasBothOrCannotSayIsEither() throws {
        let roles = try KeyRoles()
        let both = KeyingDescription(roles: roles, mode: .b, deviceCodes: Set(roles.codes))
        let fifo = KeyingDescription(roles: roles, mode: .b, deviceCodes: nil)
        #expect(both.keys == .either)
        #expect(fifo == both)
        #expect(fifo.text.hasSuffix("mode B, or a straight key (KEY_SPACE), timed by you"))
    }

    @Test func theKeysKeyedAreNamedOnceKeyed() throws {
        let roles = try KeyRoles()
        #expect(KeyingDescription(roles: roles, mode: .b, keyedPaddles: false, keyedStraightKey: false) == nil)
        #expect(KeyingDescription(roles: roles, mode: .b, keyedPaddles: false, keyedStraightKey: true)?.keyedOn == "on the straight key")
        #expect(
            KeyingDescription(roles: roles, mode: .b, keyedPaddles: true, keyedStraightKey: false)?.keyedOn == "on the paddles (iambic, mode B)")
    }
}
