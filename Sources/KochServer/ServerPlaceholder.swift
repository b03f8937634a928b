import GRDB
import Hummingbird
import HummingbirdBcrypt

public enum ServerPlaceholder {
    public static func router() -> Router<BasicRequestContext> { Router() }
}
