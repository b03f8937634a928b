import ArgumentParser
import KochCore
import KochLessons

extension BandPreset: ExpressibleByArgument {}

/// Noise, fading and other stations to hear a lesson through.
struct BandOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "Band conditions: quiet (noise at +20 dB), fair (+10 dB noise, 10 dB fading, one weaker station), poor (+3 dB noise with static crashes, 20 dB fading, two stations) or contest (+10 dB noise, light fading, four busy stations). The options below change a preset or stand alone.",
            valueName: "preset"))
    var band: BandPreset?

    @Option(help: ArgumentHelp("QRN: pink band noise at this SNR in dB, measured in 500 Hz around the tone (-10 to 40).", valueName: "dB"))
    var qrn: Double?

    @Option(help: ArgumentHelp("Static crashes (impulse noise) a second, on top of the QRN (0 to 20).", valueName: "per-second"))
    var crackle: Double?

    @Option(help: ArgumentHelp("QSB: slow fading this many dB deep (0 to 40), from low-pass filtered noise.", valueName: "dB"))
    var qsb: Double?

    @Option(
        name: .customLong("qsb-rate"),
        help: ArgumentHelp("How fast the fading moves, in Hz (0.01 to 2). Default 0.1, or the preset's.", valueName: "Hz"))
    var qsbRateHz: Double?

    @Option(
        help: ArgumentHelp(
            "QRM: another station at OFFSET Hz from the tone, LEVEL dB against the lesson, sending at WPM; repeat for more. Examples: --qrm 400:-6:25, and for a station below the tone --qrm=-300:-10",
            valueName: "offset:level[:wpm]"))
    var qrm: [String] = []

    @Option(
        help: ArgumentHelp(
            "The receiver filter the band noise is heard through, in Hz: up to 1000 a CW filter centred on the tone (e.g. 500), wider an SSB filter from 300 Hz (default 2400: 300 to 2700 Hz).",
            valueName: "Hz"))
    var filter: Double?

    func validate() throws {
        _ = try conditions()
    }

    /// The conditions asked for: the preset (if any), changed by the options.
    func conditions() throws -> BandConditions {
        var conditions = band?.conditions ?? .clear
        if let qrn {
            guard (-10...40).contains(qrn) else { throw ValidationError("--qrn must be -10 to 40 dB, not \(qrn.formatted).") }
            conditions.qrn = QRN(
                snrDB: qrn, cracklePerSecond: conditions.qrn?.cracklePerSecond ?? 0,
                crackleLevelDB: conditions.qrn?.crackleLevelDB ?? 0)
        }
        if let crackle {
            guard (0...20).contains(crackle) else { throw ValidationError("--crackle must be 0 to 20 a second, not \(crackle.formatted).") }
            guard let noise = conditions.qrn else {
                throw ValidationError("--crackle needs --qrn (or a --band preset): crashes come with band noise.")
            }
            conditions.qrn = QRN(snrDB: noise.snrDB, cracklePerSecond: crackle, crackleLevelDB: noise.crackleLevelDB)
        }
        if qsb != nil || qsbRateHz != nil {
            let depth = qsb ?? conditions.qsb?.depthDB ?? 10
            let rate = qsbRateHz ?? conditions.qsb?.rateHz ?? 0.1
            guard (0...40).contains(depth) else { throw ValidationError("--qsb must be 0 to 40 dB, not \(depth.formatted).") }
            guard (0.01...2).contains(rate) else { throw ValidationError("--qsb-rate must be 0.01 to 2 Hz, not \(rate.formatted).") }
            conditions.qsb = QSB(depthDB: depth, rateHz: rate)
        }
        if !qrm.isEmpty { conditions.qrm = try qrm.map(Self.station) }
        if let filter {
            guard (100...4000).contains(filter) else { throw ValidationError("--filter must be 100 to 4000 Hz, not \(filter.formatted).") }
            guard var noise = conditions.qrn else { throw ValidationError("--filter shapes the band noise: give --qrn (or a --band preset) too.") }
            noise.receiverFilterWidthHz = filter
            conditions.qrn = noise
        }
        return conditions
    }

    static func station(_ text: String) throws -> QRMStation {
        let fields = text.split(separator: ":")
        let parts = fields.compactMap { Double($0) }
        guard (2...3).contains(fields.count), parts.count == fields.count else {
            throw ValidationError("--qrm must be OFFSET:LEVEL or OFFSET:LEVEL:WPM (e.g. 400:-6:25), not '\(text)'.")
        }
        let offset = parts[0], level = parts[1], speed = parts.count == 3 ? parts[2] : 20
        guard (-2000...2000).contains(offset), offset != 0 else {
            throw ValidationError("--qrm offset must be -2000 to 2000 Hz and not 0, not \(offset.formatted).")
        }
        guard (-40...20).contains(level) else { throw ValidationError("--qrm level must be -40 to 20 dB, not \(level.formatted).") }
        guard (5...50).contains(speed) else { throw ValidationError("--qrm speed must be 5 to 50 WPM, not \(speed.formatted).") }
        return QRMStation(offsetHz: offset, levelDB: level, speedWPM: speed)
    }
}
