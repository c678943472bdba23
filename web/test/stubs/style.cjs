// Stylesheets do nothing in jsdom tests.
module.exports = {}
