import Testing
@testable import PushSim

/// `StreamSeed.key`, the Philox key of a named stream under the default generator, pinned to
/// values computed outside PushSim (a plain Python SplitMix64: mix(seed), then mix(state ^ b)
/// for each UTF-8 byte of the name, no fold).
@Suite("StreamSeed.key")
struct StreamKeyTests {
    @Test("key is SplitMix64 of the seed, then of each byte of the name (pinned, computed independently)")
    func pinnedKeys() {
        // mix(0) is SplitMix64's first output for seed 0, 0xE220A8397B1DCDAF.
        #expect(StreamSeed.key(seed: 0, stream: "") == 0xE220_A839_7B1D_CDAF)
        #expect(StreamSeed.key(seed: 7, stream: "channel") == 7_472_350_538_885_560_056)
        #expect(StreamSeed.key(seed: 1, stream: "device.connectivity") == 12_106_204_098_959_520_847)
        #expect(StreamSeed.key(seed: 20_240_601, stream: "server") == 693_610_253_771_243_192)
    }
}
