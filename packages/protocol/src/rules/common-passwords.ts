/**
 * Widely leaked passwords (top of public breach lists, plus ones common on Chinese sites),
 * lower-case. Registration refuses them (contract §4); shorter ones are listed too because the
 * list is also the reference for strength hints and for tests.
 */
// prettier-ignore
export const COMMON_PASSWORDS: readonly string[] = [
  '123456', '123456789', '12345678', '12345', '1234567', '1234567890', '1234', '111111',
  '000000', '123123', '654321', '666666', '888888', '121212', '112233', '123321', '7777777',
  '555555', '11111111', '88888888', '66666666', '00000000', '99999999', '12341234', '11223344',
  '123654', '147258', '147258369', '159753', '123123123', '1111111', '222222', '333333',
  '444444', '999999', '987654321', '87654321', '1122334455', '123456a', 'a123456', 'a12345678',
  'aa123456', 'aa12345678', 'abc123', 'abc12345', 'abc123456', 'abcd1234', 'abcdef', 'abcdefg',
  'abcdefgh', 'abcd123', '123abc', '1q2w3e', '1q2w3e4r', '1q2w3e4r5t', '1qaz2wsx', '1qazxsw2',
  'zaq12wsx', '!qaz2wsx', 'qazwsx', 'qazwsxedc', 'q1w2e3r4', 'q1w2e3r4t5', 'qwe123',
  'qweasdzxc', 'qwerty', 'qwerty1', 'qwerty123', 'qwertyuiop', 'qwer1234', '1234qwer',
  'asdf1234', 'asdfgh', 'asdfghjkl', 'asd123', 'zxc123', 'zxcvbn', 'zxcvbnm', 'password',
  'password1', 'password12', 'password123', 'passw0rd', 'p@ssw0rd', 'p@ssword', 'pass1234',
  'pass', 'passwd', 'admin', 'admin123', 'admin1234', 'administrator', 'root', 'root123',
  'login', 'welcome', 'welcome1', 'welcome123', 'letmein', 'letmein1', 'changeme', 'secret',
  'default', 'guest', 'test', 'test123', 'test1234', 'testtest', 'master', 'master123',
  'iloveyou', 'iloveyou1', 'trustno1', 'sunshine', 'sunshine1', 'princess', 'princess1',
  'dragon', 'dragon1', 'monkey', 'monkey1', 'shadow', 'shadow1', 'football', 'football1',
  'baseball', 'baseball1', 'soccer', 'hockey', 'basketball', 'superman', 'batman', 'starwars',
  'michael', 'jennifer', 'jordan', 'jordan23', 'jessica', 'michelle', 'charlie', 'thomas',
  'robert', 'daniel', 'andrew', 'joshua', 'matthew', 'george', 'ashley', 'amanda', 'nicole',
  'hunter', 'buster', 'tigger', 'ginger', 'pepper', 'maggie', 'cheese', 'summer', 'freedom',
  'whatever', 'computer', 'internet', 'killer', 'harley', 'mustang', 'ranger', 'yankees',
  'chelsea', 'liverpool', 'arsenal', 'dallas', 'austin', 'thunder', 'taylor', 'matrix',
  'minecraft', 'pokemon', 'naruto', 'hello', 'hello123', 'hellokitty', 'love', 'lovely',
  'loveme', 'flower', 'angel', 'biteme', 'access', 'zaq1zaq1', 'aaaaaa', 'aaaaaaaa',
  'aaa111', 'a1b2c3', 'a1b2c3d4', 'qqqqqq', 'woaini', 'woaini1314', 'woaini520', 'wo123456',
  '5201314', '520520', '1314520', '5211314', '521521', 'qq123456', 'qq123456789', 'wang123456',
  'zhang123', 'li123456', 'baidu123', 'taobao123', 'abc123abc', 'football123', 'qwe123qwe',
  '123qwe', '123qweasd', '123qweasdzxc', '1a2b3c4d', 'google', 'samsung', 'apple123',
  'iphone', 'letmein123', 'blink182', 'mypassword', 'money', 'money123', 'lucky888',
  'fuckyou', 'asshole', 'qwert', 'zxcvbnm123', '7758521', '7758258',
];
