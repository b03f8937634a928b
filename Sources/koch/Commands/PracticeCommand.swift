import ArgumentParser
import Foundation
import KochAudio
import KochClass
import KochCore
import KochIO
import KochLessons
import KochPractice

extension PracticeExercise: ExpressibleByArgument {}

extension ShowSent: ExpressibleByArgument {}

struct PracticeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "practice",
        abstract: "Practise live at the computer: copy a lesson as it plays, or key one with a paddle, a key or into the microphone.",
        discussion: """
            receive (the default): a lesson at your level plays through the sound card while \
            you type what you hear, each key as you press it (no Enter). What you type goes \
            under the groups' boxes; typing late is no error. Space pauses and resumes; \
            Ctrl-C or q (when the lesson has no Q to copy) stops and grades what was \
            sent before the stop (a group still sounding is left out). Graded and recorded \
            as `koch grade` would grade the same copy. It reads your copy from a terminal: \
            a copy in a file is for koch grade --transcript.

            send: a send exercise's groups on the screen, your keying read under them as \
            you go; graded at the end, with the fist report. characters: one character at a \
            time: koch shows it, you key it, and the moment it ends you see what was read, \
            its pattern and how long each element lasted against the standard.

            Keying comes from a key device (--key-device): a USB paddle adapter or a key \
            that the computer sees as key presses (left and right Ctrl by default, or \
            --paddle-keys), or a straight key on the space bar; the paddles go through an \
            iambic keyer (--mode) with a sidetone. Or from the microphone (--microphone), \
            for your own oscillator or a transceiver's sidetone. Reading /dev/input needs \
            the input group: sudo usermod -aG input $USER, then log out and in.

            --kind qso: a contact. The other station calls and answers at the lesson's \
            tone, speed and band conditions (--band) while you type your copy; you key \
            your overs on a key device (--key-device) or into the microphone \
            (--microphone) from a script on the screen whose blanks ([THEIR CALL]) you \
            fill in by ear. The microphone is read only in your turns, so the other \
            station from speakers is not taken for your keying. The other station answers what you \
            sent: a call of theirs sent wrong is queried (DE W1ABC?) and you send the \
            over again; your report is repeated back as you gave it. Both halves are \
            graded and recorded as QSO sessions (--qso-style chooses the template; \
            --show end holds their text back until the contact is over). A QSO lesson \
            only to copy: make it with koch lesson --kind qso and practise it with --key.

            --drill confusions: groups that each set two characters you confused lately \
            against each other (as koch lesson --drill confusions makes them), to copy or, \
            with send, to key; the pairs come from your last sessions in that direction.

            Each session's key and what you typed or keyed are kept in practice/ beside \
            your progress file.

            Examples:
              koch practice                          copy a 5-minute lesson at your level
              koch practice --minutes 2 --show end   the groups shown only at the end
              koch practice --key NAME.key.json      a lesson or exercise made before
              koch practice send --key-device /dev/input/by-id/usb-…-event-kbd
              koch practice --drill confusions       copy the pairs you confuse
              koch practice characters --count 20 --key-device /dev/input/event5
              koch practice send --microphone default    key your oscillator
              koch practice --kind qso --key-device /dev/input/event5    answer a call
              koch practice --kind qso --microphone default    answer on your oscillator
              koch practice --list-sound-devices     where the sound can go
              koch practice --test-sound --sound-device pulse    a second of tone
              koch practice --list-key-devices       the devices with the keys
            """
    )

    @Argument(help: "receive (copy a lesson as it plays), send (key an exercise) or characters (key one character at a time).")
    var exercise: PracticeExercise?

    @Option(help: "Koch level, as for koch lesson. Default: your level in the progress file.")
    var level: Int?

    @OptionGroup
    var progress: ProgressOption

    @Option(
        help:
            "Length of the lesson or exercise in minutes (\(LessonSettings.Limits.minutes.lowerBound.formatted) to \(LessonSettings.Limits.minutes.upperBound.formatted)); for characters, how long the drill lasts."
    )
    var minutes: Double = LessonSettings.Defaults.minutes

    @Option(
        help:
            "For characters: how many to key (\(PracticeRequest.characterCountRange.lowerBound) to \(PracticeRequest.characterCountRange.upperBound)), instead of --minutes."
    )
    var count: Int?

    @Option(help: "Seed for the random groups. Default: a new random seed, recorded in the key.")
    var seed: UInt64?

    @Option(
        name: .customLong("key"),
        help: ArgumentHelp("Practise a lesson or send exercise made before: its key, which sets its speeds.", valueName: "NAME.key.json"))
    var keyPath: String?

    @Option(help: "When the groups sent are shown: after-group (once each group's time to copy it is over) or end.")
    var show: ShowSent = .afterGroup

    @OptionGroup(title: "Content")
    var content: ContentOptions

    @OptionGroup(title: "Drill")
    var drill: DrillOption

    @OptionGroup(title: "Sound")
    var sound: SoundOptions

    @OptionGroup(title: "Band conditions")
    var band: BandOptions

    @OptionGroup(title: "Devices")
    var devices: PracticeDeviceOptions

    @OptionGroup(title: "Keyer")
    var keyer: KeyerOptions

    @Option(help: ArgumentHelp("Also write what the session measured of itself (latencies, processor time) as JSON.", valueName: "file"))
    var timings: String?

    var chosenExercise: PracticeExercise { exercise ?? .receive }

    /// `--kind qso`: a contact, the other station heard and the learner's overs keyed.
    var isContact: Bool { content.kind == .qso }

    func validate() throws {
        if let conflict = try practiceRequest(exercise: exerciseNamed).conflict {
            throw ValidationError(PracticeConflictText.message(conflict))
        }
    }

    func run() throws {
        if devices.listSoundDevices { return print(try devices.soundDeviceList()) }
        if devices.listKeyDevices { return print(try devices.keyDeviceList(mapping: try keyer.mapping())) }
        try practise()
    }
}
