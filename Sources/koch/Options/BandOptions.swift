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

    @Option(
        help: ArgumentHelp("QRN: pink band noise at this SNR in dB, measured in 500 Hz around the tone (\(Self.range(.noiseSNR))).", valueName: "dB"))
    var qrn: Double?

    @Option(help: ArgumentHelp("Static crashes (impulse noise) a second, on top of the QRN (\(Self.range(.crackle))).", valueName: "per-second"))
    var crackle: Double?

    @Option(help: ArgumentHelp("QSB: slow fading this many dB deep (\(Self.range(.fadingDepth))), from low-pass filtered noise.", valueName: "dB"))
    var qsb: Double?

    @Option(
        name: .customLong("qsb-rate"),
        help: ArgumentHelp(
            "How fast the fading moves, in Hz (\(Self.range(.fadingRate))). Default \(BandRequest.defaultFadingRateHz.formatted), or the preset's.",
            valueName: "Hz"))
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

    /// The conditions asked for: the preset (if any), changed by the options (`BandRequest`).
    func conditions() throws -> BandConditions {
        var request = BandRequest(preset: band)
        request.noiseSNRDB = qrn
        request.cracklePerSecond = crackle
        request.fadingDepthDB = qsb
        request.fadingRateHz = qsbRateHz
        request.stations = try qrm.map(Self.station)
        request.receiverFilterWidthHz = filter
        do {
            return try request.conditions()
        } catch {
            throw ValidationError(Self.message(error))
        }
    }

    /// `--qrm 400:-6:25`: a station's offset, level and (optionally) speed.
    static func station(_ text: String) throws -> BandRequest.Station {
        let fields = text.split(separator: ":")
        let parts = fields.compactMap { Double($0) }
        guard (2...3).contains(fields.count), parts.count == fields.count else {
            throw ValidationError("--qrm must be OFFSET:LEVEL or OFFSET:LEVEL:WPM (e.g. 400:-6:25), not '\(text)'.")
        }
        return BandRequest.Station(offsetHz: parts[0], levelDB: parts[1], speedWPM: parts.count == 3 ? parts[2] : nil)
    }

    /// The problem told in the options' words: `--qsb must be 0 to 40 dB, not 50.`
    static func message(_ problem: BandRequestProblem) -> String {
        switch problem {
        case let .outOfRange(setting, value):
            let zero = setting == .stationOffset ? " and not 0" : ""
            return "\(option(setting)) must be \(range(setting)) \(setting.unit)\(zero), not \(value.formatted)."
        case .needsNoise(.crackle):
            return "--crackle needs --qrn (or a --band preset): crashes come with band noise."
        case .needsNoise:
            return "--filter shapes the band noise: give --qrn (or a --band preset) too."
        }
    }

    /// `-10 to 40`.
    static func range(_ setting: BandSetting) -> String { "\(setting.range.lowerBound.formatted) to \(setting.range.upperBound.formatted)" }

    private static func option(_ setting: BandSetting) -> String {
        switch setting {
        case .noiseSNR: "--qrn"
        case .crackle: "--crackle"
        case .fadingDepth: "--qsb"
        case .fadingRate: "--qsb-rate"
        case .stationOffset: "--qrm offset"
        case .stationLevel: "--qrm level"
        case .stationSpeed: "--qrm speed"
        case .filterWidth: "--filter"
        }
    }
}
