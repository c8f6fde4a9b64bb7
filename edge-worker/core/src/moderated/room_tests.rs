use super::*;
use RoomRole::*;

fn peer(id: &str, role: RoomRole) -> Peer {
    Peer { id: id.into(), role }
}

fn room() -> Vec<Peer> {
    vec![peer("m", Moderator), peer("p", Participant), peer("o1", Observer), peer("o2", Observer)]
}

fn ids(peers: Vec<&Peer>) -> Vec<&str> {
    peers.iter().map(|p| p.id.as_str()).collect()
}

#[test]
fn the_participant_sees_only_the_moderator() {
    let peers = room();
    assert_eq!(ids(visible_to(Participant, "p", &peers)), ["m"]);
    assert_eq!(ids(visible_to(Moderator, "m", &peers)), ["p", "o1", "o2"]);
    assert_eq!(ids(visible_to(Observer, "o1", &peers)), ["m", "p", "o2"]);
}

#[test]
fn an_observer_joining_is_never_told_to_the_participant() {
    let peers = room();
    assert_eq!(ids(told_of(&peers[2], &peers)), ["m", "o2"]);
    assert_eq!(ids(told_of(&peers[1], &peers)), ["m", "o1", "o2"]);
    assert_eq!(ids(told_of(&peers[0], &peers)), ["p", "o1", "o2"]);
}

#[test]
fn signals_go_only_between_allowed_pairs() {
    let peers = room();
    let signal = |from: usize, to: &'static str| {
        recipients(&peers[from], &Action::Signal { to, payload_bytes: 10 }, &peers).map(ids)
    };
    assert_eq!(signal(0, "p"), Ok(vec!["p"]));
    assert_eq!(signal(1, "m"), Ok(vec!["m"]));
    assert_eq!(signal(0, "o1"), Ok(vec!["o1"]));
    assert_eq!(signal(2, "m"), Ok(vec!["m"]));
    assert_eq!(signal(2, "p"), Err(RoomRefusal::NotAllowed));
    assert_eq!(signal(2, "o2"), Err(RoomRefusal::NotAllowed));
    // The participant can't tell an observer from nobody.
    assert_eq!(signal(1, "o1"), Err(RoomRefusal::UnknownPeer));
    assert_eq!(signal(1, "nobody"), Err(RoomRefusal::UnknownPeer));
    assert_eq!(signal(0, "m"), Err(RoomRefusal::UnknownPeer));
}

#[test]
fn a_signal_over_64_kib_is_refused() {
    let peers = room();
    let big = Action::Signal { to: "p", payload_bytes: MAX_SIGNAL_BYTES + 1 };
    assert_eq!(recipients(&peers[0], &big, &peers), Err(RoomRefusal::TooLarge));
    let edge = Action::Signal { to: "p", payload_bytes: MAX_SIGNAL_BYTES };
    assert!(recipients(&peers[0], &edge, &peers).is_ok());
}

#[test]
fn the_backchannel_never_reaches_the_participant() {
    let peers = room();
    let chat = Action::Chat { text: "¿Lo ves?" };
    assert_eq!(recipients(&peers[2], &chat, &peers).map(ids), Ok(vec!["m", "o2"]));
    assert_eq!(recipients(&peers[0], &chat, &peers).map(ids), Ok(vec!["o1", "o2"]));
    assert_eq!(recipients(&peers[1], &chat, &peers), Err(RoomRefusal::NotAllowed));
    let long = "a".repeat(MAX_CHAT_CHARS + 1);
    assert_eq!(recipients(&peers[2], &Action::Chat { text: &long }, &peers), Err(RoomRefusal::BadChat));
    assert_eq!(recipients(&peers[2], &Action::Chat { text: "  " }, &peers), Err(RoomRefusal::BadChat));
    let most = "ñ".repeat(MAX_CHAT_CHARS);
    assert!(recipients(&peers[2], &Action::Chat { text: &most }, &peers).is_ok());
}

#[test]
fn only_the_moderator_moves_the_task() {
    let peers = room();
    assert_eq!(recipients(&peers[0], &Action::Task { index: 2 }, &peers).map(ids), Ok(vec!["p", "o1", "o2"]));
    assert_eq!(recipients(&peers[2], &Action::Task { index: 2 }, &peers), Err(RoomRefusal::NotAllowed));
    assert_eq!(recipients(&peers[1], &Action::Task { index: 2 }, &peers), Err(RoomRefusal::NotAllowed));
    let past = Action::Task { index: MAX_TASK_INDEX + 1 };
    assert_eq!(recipients(&peers[0], &past, &peers), Err(RoomRefusal::BadTask));
}

#[test]
fn roles_read_back_and_refusals_speak_spanish() {
    for role in RoomRole::ALL {
        assert_eq!(RoomRole::parse(role.as_str()), Some(role));
    }
    assert_eq!(RoomRole::parse("owner"), None);
    assert_eq!(RoomRefusal::BadChat.message(), "El mensaje debe tener entre 1 y 2000 caracteres");
}

#[test]
fn the_budget_allows_a_burst_then_refills() {
    let mut budget = Budget::new(0);
    for _ in 0..BURST as usize {
        assert!(budget.take(0));
    }
    assert!(!budget.take(0));
    // 20 a second: one more place after 50 ms.
    assert!(budget.take(50));
    assert!(!budget.take(50));
    assert!(budget.take(10_000));
}
