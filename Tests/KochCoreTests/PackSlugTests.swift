import KochCore
import Testing

/// A learner's folder name in a pack: their name in plain ASCII, whatever their script.
@Suite struct PackSlugTests {
    @Test(arguments: [
        ("Anna Müller", "anna-muller"), ("Jürgen Groß", "jurgen-gross"), ("Łukasz Żółć", "lukasz-zolc"), ("Søren Ærø", "soren-aero"),
        ("Zoë O'Brien", "zoe-o-brien"), ("François Lefèvre", "francois-lefevre"), ("Иван Петров", "ivan-petrov"), ("Γιώργος", "giorgos"),
        ("王小明", "wang-xiao-ming"), ("Ann Lee", "ann-lee"), ("  R2-D2 ", "r2-d2"),
    ])
    func aNameIsSpelledInASCII(name: String, slug: String) {
        #expect(PackPlan.slug(name) == slug)
    }

    @Test func aNameWithNothingToSpellGetsAStableSlugOfItsOwn() {
        let violin = PackPlan.slug("🎻"), trumpet = PackPlan.slug("🎺")
        #expect(violin.count == 8 && violin.allSatisfy { $0.isHexDigit })
        #expect(violin != trumpet && violin == PackPlan.slug("🎻"))
    }
}
