import ArgumentParser
import KochLessons

/// `--format mp3|wav|both|none`.
extension AudioFormat: ExpressibleByArgument {}
