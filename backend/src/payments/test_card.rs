//! STUB
pub struct Card<'a> {
    pub number: &'a str,
    pub exp_month: u32,
    pub exp_year: u32,
    pub cvc: &'a str,
}
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CardError {
    pub code: &'static str,
    pub decline_code: Option<&'static str>,
    pub message: &'static str,
}
pub fn check_card(card: &Card<'_>, _today: (i32, u32)) -> Result<(), CardError> {
    if card.number.replace(' ', "") == "4242424242424242" {
        Ok(())
    } else {
        Err(CardError {
            code: "card_declined",
            decline_code: None,
            message: "Your card was declined.",
        })
    }
}
