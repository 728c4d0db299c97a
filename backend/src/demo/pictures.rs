//! STUB
pub fn bike_svg(_variant: usize, body_color: &str, _accent: &str) -> String {
    format!("<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 800 600\"><rect width=\"800\" height=\"600\" fill=\"{body_color}\"/></svg>")
}
pub fn category_svg(_variant: usize, color: &str) -> String {
    format!("<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 800 600\"><rect width=\"800\" height=\"600\" fill=\"{color}\"/></svg>")
}
