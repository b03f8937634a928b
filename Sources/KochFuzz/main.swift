import CFuzzDriver
import Foundation

// `koch-fuzz NAME [libFuzzer options] [corpus folders]`: one executable for
// every harness; the arguments after the name go to libFuzzer.

func usage() -> String {
    let names = Harness.all.map { "  \($0.name.padding(toLength: 16, withPad: " ", startingAt: 0)) \($0.about)" }
    return "usage: koch-fuzz HARNESS [libFuzzer options] [corpus folders]\nharnesses:\n" + names.joined(separator: "\n") + "\n"
}

let arguments = CommandLine.arguments
guard arguments.count >= 2, let harness = Harness.all.first(where: { $0.name == arguments[1] }) else {
    FileHandle.standardError.write(Data(usage().utf8))
    exit(2)
}

/// The harness libFuzzer calls: a C callback cannot capture it, so it is kept here.
let chosen = harness.run

// libFuzzer sees the program name and the options, without the harness's name.
var libFuzzerArguments: [UnsafeMutablePointer<CChar>?] = ([arguments[0]] + arguments.dropFirst(2)).map { strdup($0) } + [nil]
var argumentCount = Int32(libFuzzerArguments.count - 1)
let status = libFuzzerArguments.withUnsafeMutableBufferPointer { buffer in
    var argv = buffer.baseAddress
    return LLVMFuzzerRunDriver(&argumentCount, &argv) { data, size in
        chosen(size == 0 ? [] : Array(UnsafeBufferPointer(start: data, count: size)))
        return 0
    }
}
exit(status)
