import Testing
@testable import PushSim

/// `FleetTieOrder`: each recipient's salt and own count of scheduled events follow it from
/// turn to turn, so its shuffled tie order is a list of its own's.
@Suite struct FleetTieOrderTests {
    @Test("A recipient's count goes on where its last turn left it, with its own salt; another's is its own")
    func countsFollowTheirRecipient() {
        let ties = FleetTieOrder(salts: [11, 22])
        var list = EventQueue<WorldEvent>(reservingCapacity: 0)
        list.owner = 0; ties.lend(&list, to: 0)
        #expect(list.tieShuffleSalt == 11 && list.ownerSequence == 0)
        for _ in 0..<3 { list.schedule(at: .zero, .motion) }
        ties.takeBack(list, from: 0)
        list.owner = 1; ties.lend(&list, to: 1)
        #expect(list.tieShuffleSalt == 22 && list.ownerSequence == 0)
        list.schedule(at: .zero, .motion)
        ties.takeBack(list, from: 1)
        list.owner = 0; ties.lend(&list, to: 0)
        #expect(list.tieShuffleSalt == 11 && list.ownerSequence == 3)
        ties.lend(&list, to: 1)
        #expect(list.ownerSequence == 1)
    }
}
