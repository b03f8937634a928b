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
    var minutes: Double = 5

    @Option(help: "For characters: how many to key (1 to 999), instead of --minutes.")
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
        guard LessonSettings.Limits.minutes.contains(minutes) else {
            throw ValidationError(
                "--minutes must be \(LessonSettings.Limits.minutes.lowerBound.formatted) to \(LessonSettings.Limits.minutes.upperBound.formatted), not \(minutes.formatted)."
            )
        }
        if let count, !(1...999).contains(count) { throw ValidationError("--count must be 1 to 999, not \(count).") }
        if count != nil, chosenExercise != .characters { throw ValidationError("--count is for koch practice characters.") }
        if isContact, exercise != nil, exercise != .receive {
            throw ValidationError("--kind qso is a contact to answer: koch practice --kind qso, without send or characters.")
        }
        if chosenExercise == .receive, !isContact, devices.microphone != nil || devices.keyDevice != nil {
            throw ValidationError("--microphone and --key-device are for keying: koch practice send, or koch practice characters.")
        }
        if chosenExercise == .characters, keyPath != nil {
            throw ValidationError("--key is for a lesson or exercise: koch practice characters draws its own characters.")
        }
        if let keyPath, sound.speedsGiven {
            // A key's settings make its lesson or exercise; at another speed it would be another one.
            let remake = chosenExercise == .send ? "koch lesson --direction send --wpm N" : "koch lesson --wpm N"
            throw ValidationError(
                "--wpm and --effective cannot change a lesson or exercise made before: \(keyPath) sets its speeds, so that it stays the exercise its key grades. Practise it without them, or make one at another speed (\(remake))."
            )
        }
        try drill.check(content: content)
        if drill.drill != nil, chosenExercise == .characters || keyPath != nil {
            throw ValidationError(
                "--drill confusions makes a lesson to copy or an exercise to key: koch practice (or send) --drill confusions, without --key.")
        }
        try devices.validate()
    }

    func run() throws {
        if devices.listSoundDevices { return print(try devices.soundDeviceList()) }
        if devices.listKeyDevices { return print(try devices.keyDeviceList(mapping: try keyer.mapping())) }
        let runner = PracticeRunner(command: self)
        if devices.testSound { return try runner.testSound() }
        if isContact { return try runner.contact() }
        switch chosenExercise {
        case .receive: try runner.receive()
        case .send: try runner.send()
        case .characters: try runner.characters()
        }
    }
}
