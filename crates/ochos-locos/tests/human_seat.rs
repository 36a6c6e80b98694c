//! `--human NAME` finds the seat as written, or in any case when only one seat has the
//! name so: `--human alice` plays Alice; in a deal with both `Ann` and `ANN`, `ann` is
//! no seat (the person must write the one they mean), while `Ann` is.

use ochos_locos::Variant;
use ochos_locos::files::parse_deal;

#[test]
fn a_seat_is_named_in_any_case_when_only_one_has_the_name() {
    let deal = parse_deal(Variant::Completos, Variant::Completos.sample()).unwrap();
    assert_eq!(deal.seat_named("Bob"), Some(1));
    assert_eq!(deal.seat_named("bob"), Some(1));
    assert_eq!(deal.seat_named("DAVE"), Some(3));
    assert_eq!(deal.seat_named("Zed"), None);

    let twins = "2\nAnn C Y3 Y7 Y8 B1 B7\nANN N R8 Y1 G4 G8 B8\nB3\nG2 Y4 R1\n";
    let deal = parse_deal(Variant::Completos, twins).unwrap();
    assert_eq!(deal.seat_named("Ann"), Some(0));
    assert_eq!(deal.seat_named("ANN"), Some(1));
    assert_eq!(deal.seat_named("ann"), None);
}
