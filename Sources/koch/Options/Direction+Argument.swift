import ArgumentParser
import KochCore

extension Direction: ExpressibleByArgument {}
