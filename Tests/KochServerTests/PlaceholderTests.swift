import HummingbirdTesting
import KochServer
import Testing

@Test func placeholder() {}
