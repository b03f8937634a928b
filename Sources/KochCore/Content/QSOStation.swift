/// One side of a simulated contact: who the operator is and what they say
/// about their station. Every value is written as it is sent.
public struct QSOStation: Sendable, Hashable, Codable {
    public var call: String
    public var name: String
    public var qth: String
    /// The report this station gives the other one, e.g. `579`.
    public var rst: String
    /// This station's contest serial number, three digits (`007`).
    public var serial: String
    public var rig: String
    public var antenna: String
    /// Transmitter power in watts, digits only (`100`).
    public var power: String
    public var weather: String
    /// Temperature in degrees Celsius as sent: `22C`, `MINUS 4C`.
    public var temperature: String
    public var age: String
    /// Years since the operator was first licensed.
    public var years: String
    /// The greeting for the operator's time of day: GM, GA or GE.
    public var greeting: String

    /// The values by template key (`call`, `name`, ...).
    public var context: [String: String] {
        [
            "call": call, "name": name, "qth": qth, "rst": rst, "serial": serial, "rig": rig, "antenna": antenna,
            "power": power, "weather": weather, "temperature": temperature, "age": age, "years": years,
            "greeting": greeting,
        ]
    }

    /// Every key a template can use inside `caller.` or `answerer.`.
    public static let keys = [
        "call", "name", "qth", "rst", "serial", "rig", "antenna", "power", "weather",
        "temperature", "age", "years", "greeting",
    ]
}
