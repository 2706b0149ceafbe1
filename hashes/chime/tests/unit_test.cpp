// CHIME unit tests: every vector and intermediate value of
// docs/specs/hash-26-chime.md (§6 constants, §15.3 permutation, §15.4 block
// states, §15.1/§15.2 digests, §15.5 KAT records), for every implementation
// and module.
#include <gtest/gtest.h>
#include <openssl/evp.h>

#include <array>
#include <cstdint>
#include <cstdlib>
#include <iterator>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "chime_testing.hpp"
#include "test_support.hpp"

namespace ngcc::chime::test {
namespace {

using Words = State;
using Bytes = std::vector<std::uint8_t>;

// Over the implementation table, and over the modules of one or both instances.
class ChimeImplementation : public ngcc::test::ImplementationTest<Implementation> {};
class Chime512Module : public ngcc::test::ModuleTest {};
class Chime1024Module : public ngcc::test::ModuleTest {};
class ChimeModule : public ngcc::test::ModuleTest {};

// A state as listed in §15: 24 hexadecimal 64-bit numbers, A0[0] first.
Words state(const std::string &listing) {
  std::istringstream in(listing);
  Words w{};
  for (auto &x : w) {
    std::string token;
    in >> token;
    x = std::strtoull(token.c_str(), nullptr, 16);
  }
  return w;
}

// §15.3 S0: word n = n*0x0101010101010101 + 0x0F1E2D3C4B5A6978.
Words s0() {
  Words w{};
  for (unsigned n = 0; n < kStateWords; ++n) w[n] = n * 0x0101010101010101u + 0x0F1E2D3C4B5A6978u;
  return w;
}

Words folded(std::uint64_t a0, std::uint64_t a1, std::uint64_t b0, std::uint64_t b1,
             std::uint64_t c0, std::uint64_t c1) {
  const std::uint64_t v[6] = {a0, a1, b0, b1, c0, c1};
  Words w{};
  for (unsigned n = 0; n < kStateWords; ++n) w[n] = v[n / 4];
  return w;
}

Words permuted(const Implementation &impl, Words w, unsigned rounds) {
  impl.permute(w, rounds);
  return w;
}

Words absorbed(const Implementation &impl, Words w, const Bytes &blocks, const Params &p) {
  impl.absorb_blocks(w, blocks.data(), blocks.size() / p.rate_bytes, p);
  return w;
}

// ---- §6 round constants ----------------------------------------------------

TEST(ChimeConstants, FollowTheGenerationRule) {
  for (std::uint64_t i = 0; i < 20; ++i)
    EXPECT_EQ(kRoundConstants[i], ((i + 1) * 0x9E3779B97F4A7C15u) ^ (0xDEADBEEF00000000u | i)) << i;
}

std::string sha256_hex(const Bytes &data) {
  unsigned char md[32];
  unsigned int len = 0;
  EVP_Digest(data.data(), data.size(), md, &len, EVP_sha256(), nullptr);
  return lower_hex(md, len);
}

TEST(ChimeConstants, MatchTheCheckValues) {
  Bytes be(160), le(160);
  std::uint64_t all = 0;
  for (unsigned i = 0; i < 20; ++i) {
    ngcc::store_be64(&be[8 * i], kRoundConstants[i]);
    ngcc::store_le64(&le[8 * i], kRoundConstants[i]);
    all ^= kRoundConstants[i];
  }
  EXPECT_EQ(sha256_hex(be), "99f1c2653b396cca7c642ee09db1a4e721a21ec8af28aa8a3fd8e4a981731371");
  EXPECT_EQ(sha256_hex(le), "7a473ee025d27316f11552991d8a0b47e471dbbae5e854018b2de7daa8b31433");
  EXPECT_EQ(all, 0x728A060A0B380064u);
}

// ---- §15.3 permutation vectors ---------------------------------------------

TEST_P(ChimeImplementation, PermuteZeroState) {
  EXPECT_EQ(permuted(impl(), Words{}, 15),
            folded(0xa1f54f00a9d23132, 0x18099aaa499ebdff, 0x66894ac94354323e,
                   0x6e2a4c4ebff617b0, 0xd2ba99f9a76e9d38, 0xff111a84cc0ac726));
  EXPECT_EQ(permuted(impl(), Words{}, 20),
            folded(0x65e05bd3d22bf845, 0x543e6f9d80800f53, 0x9578d5243a10bb07,
                   0x69746884ba09ed43, 0x4c714750620a8911, 0x1064b4264429ec11));
}

// Catches the HROT direction, chi pairing and rotation direction of round 0.
TEST(ChimePermutation, OneRoundFromS0) {
  Words w = s0();
  kPortable.permute(w, 1);
  EXPECT_EQ(w, state(R"(
    3a7b34b2bc8a2acb 8d85ccabbda18fd2 57f597a0f16d269e 9b3df8d8717117a6
    fade55889a7aa2d7 e7e1488b9b5da734 fe60c50a91f4a915 ff5fc40990f3bc76
    01400b1ced644971 8618249d5ee5f7f9 532225bc523a6bf2 123f9e2d3d72627b
    34545084840e3e78 89254c06176c99f8 4c0cc5049474b4f9 ee44cc05149404fa
    2a239914048e0dc4 31e4c2d9bf7d4c5d 93f3afa5ea976415 fd674f4d9650f7ac
    ceaf011c23488c73 6acaa7fd8c0d2a72 bf7a3e5f6d8647f0 1d971e3ecf63fcf1)"));
}

TEST_P(ChimeImplementation, PermuteS0) {
  const Words p15 = state(R"(
    d52c75b45c8ecba7 96b2d6993796d987 3ef2b8b5230cf7da 1a0e684726dbc3e4
    50bfdcd70bb1b1ae 62fd6569e6ecf2d4 bec47d4dae139f4d 7b0997e855e7539b
    16748768d229d6dd 0bd50b2ecc250062 10bf05f7959e8935 2127d5db560089f6
    5e08aac0adf7b6df d47eb6e523d4a681 c241ab7fa13efaa1 de0791b6216df531
    dd987c326f1a59c4 a17c823378a978e7 07e71cfd0a25b7a6 f1c8912b39948fed
    8380637c8f3e06cd 2d7b84988944d349 2c3ff8f672d5f466 a03652ba6c54802d)");
  const Words p20 = state(R"(
    39f4daa4228cc3ab 9399e5e5086d9ef3 c98f0045bc704d0d b100b2a89c7a890d
    3c76c643a3c650f2 39722f9c0224c731 77987c2b6cd6add8 07cfe0eaf9a7593b
    e3b9b684f7fd07ec af9e3c025170bfab 145180e3f37290ce 1261a3098dfdde93
    3c460f6499136f48 c2efa5cdcbf362dc 5bcd4ee7524981f8 8debcb934da3d722
    047ef5ff14720778 cb6fb050f8ca5400 d05c680a46ae88af 9f6b1102414e0a4b
    de9b5a8d0d47de0b 67aa0970b5050435 ecebf553bcb0db13 4d44f41559fabc78)");
  EXPECT_EQ(permuted(impl(), s0(), 15), p15);
  EXPECT_EQ(permuted(impl(), s0(), 20), p20);
}

TEST_P(ChimeImplementation, PermuteAgreesWithPortableOnRandomStates) {
  std::mt19937_64 rng(26);
  for (int trial = 0; trial < 200; ++trial) {
    Words w;
    for (auto &x : w) x = rng();
    for (unsigned rounds : {15u, 20u}) {
      EXPECT_EQ(permuted(impl(), w, rounds), permuted(kPortable, w, rounds));
    }
  }
}

// Multi-block absorb from random states, both instances (exercises the
// rate layout and the feed-forward of each variant).
TEST_P(ChimeImplementation, AbsorbAgreesWithPortableOnRandomStatesAndBlocks) {
  std::mt19937_64 rng(2026);
  for (const Params *p : {&kChime512, &kChime1024}) {
    for (std::size_t nblocks = 1; nblocks <= 5; ++nblocks) {
      Words w;
      for (auto &x : w) x = rng();
      Bytes blocks(nblocks * p->rate_bytes);
      for (auto &x : blocks) x = static_cast<std::uint8_t>(rng());
      EXPECT_EQ(absorbed(impl(), w, blocks, *p), absorbed(kPortable, w, blocks, *p));
    }
  }
}

// ---- §15.4 states around single blocks --------------------------------------

Bytes padded_abc(const Params &p) {
  Bytes block(p.rate_bytes, 0);
  block[0] = 0x61;
  block[1] = 0x62;
  block[2] = 0x63;
  block[3] = 0x80;
  block[p.rate_bytes - 1] = 0x01;
  return block;
}

TEST_P(ChimeImplementation, AbsorbChime512AbcBlock) {
  const Words after = state(R"(
    2ad00e5646044026 785d3cc2aa3305f4 e8b4148af2cec85b 34ca3c91d47e7441
    dbc8fa2baeae6787 06c7a965966d5e0b c66e4098d9a7bb0c 4ed0fd3a9bdaa7b5
    0450af1edbb09a0c bf42d8faf07d0c58 52d004e1cb5d166b 283570e069b9e3a8
    7fcb742355f9e203 192f6912dffb139d f1c46761c5fa2382 ab1a9d99fedfdc86
    180edb7c18a5d433 7b879f7ee3eafbdd 2e87151ed1973bf9 f01a1b34db16c171
    6725124f34444a6f 33bf67cc8713106e 5003efd081ffb9a0 70b19b24fb151eb7)");
  Words before{};
  before[0] = 0x0000000080636261;  // A0[0]
  before[7] = 0x0100000000000000;  // A1[3]
  EXPECT_EQ(permuted(impl(), before, 15), after);
  EXPECT_EQ(absorbed(impl(), Words{}, padded_abc(kChime512), kChime512), after);
}

TEST_P(ChimeImplementation, AbsorbChime512FirstOfTwoBlocks) {
  const Words after = state(R"(
    c484a203b6905653 597ea74619c0fb81 ba38fd46c418544e 9c60f8c609390707
    f6ceed7fc15e8cb3 12fad94d967d6b5e 5273a7236c586f7f 6c775bdfffea60d2
    55c826c1436257c9 a293a8dfa76f5505 0e33754d49308bac 85652d64e9cd9c44
    6cffad78a39bf81e 97a53d8b933465ec 88bbfaeb4ad0bc41 4fb84b42fe36b792
    1c11bb1822ce3572 56cf53f2df0184d4 d98c63652c587f38 81cc902f9b3aba20
    0d2451a25a9428f7 70563663bbc2dadb 73b221205f460c78 5f892c60a0d438eb)");
  EXPECT_EQ(absorbed(impl(), Words{}, sequence(64), kChime512), after);
}

TEST_P(ChimeImplementation, AbsorbChime1024AbcLastBlock) {
  const Words before = state(R"(
    0000000080636261 0000000000000000 0000000000000000 0000000000000000
    0000000000000000 0000000000000000 0000000000000000 0100000000000000
    0000000000000000 0000000000000000 0000000000000000 0000000000000000
    0000000000000000 0000000000000000 0000000000000000 0000000000000000
    0000000000000000 0000000000000000 0000000000000000 0000000000000000
    0000000000000001 0000000000000000 0000000000000000 0000000000000000)");
  const Words after_p20 = state(R"(
    df47b4bb8e940749 dce96195cdb6abc4 0f505c03af89a9c8 3da146675ea36336
    df0c6e400037182e 0aca3b44d5202c66 21f1c2a7d2d13af5 46abcf45d2891508
    308bde19e7a70cb7 5c3208b2bac667ec d37a91b74722a6b0 49f97cdf6ab20558
    01a15fcd3c0834a5 81228e6b15654b47 960a96b86e9e6fbe 0a0ca7f8a63cb6dc
    d75abbf303da4be5 63df2b90a305e6d5 ca604ede5cd7e31e 471621f16e7ef5ef
    23529b9a4dcf8317 169c116c5b2b5b48 ab1ca681b0d43675 fe95caf3a4c8e99e)");
  Words after_feed_forward = after_p20;
  after_feed_forward[kLastBlockFlagWord] ^= 1;  // the only non-zero capacity word before
  EXPECT_EQ(after_feed_forward[20], 0x23529b9a4dcf8316u);

  // The rate layout: the block's word 4 lands in A1[1], not A1[0].
  const Bytes block = padded_abc(kChime1024);
  Words flagged{};
  flagged[kLastBlockFlagWord] = 1;
  Words xored = flagged;
  for (unsigned j = 0; j < kChime1024.rate_bytes / 8; ++j)
    xored[rate_word(kChime1024, j)] ^= ngcc::load_le64(&block[8 * j]);
  EXPECT_EQ(xored, before);

  EXPECT_EQ(permuted(impl(), before, 20), after_p20);
  EXPECT_EQ(absorbed(impl(), flagged, block, kChime1024), after_feed_forward);
}

TEST_P(ChimeImplementation, AbsorbChime1024FirstOfTwoBlocks) {
  const Words after = state(R"(
    91aeeff9b9f968dc a9d9b698913e8d75 bcfab8e9f5e3e490 60c0a2f851d1fd63
    dac1111ce8392d35 3569f78071a13513 a8a01e746e75766a bdf7bb25470653ad
    fd4808ca2b11d31d 5d6852191a4c8829 69d3eed7d80fa587 e2527b39484a1400
    c55b21c00e29285b c6f30b40b6b15a6f 9d977b72bcf3acea b68ca8f53fd5d2f4
    d714e398b268aedd dad3f0ebc26533ee c507081f3f055fe2 e0020a74c8c39aa1
    5b8cfaeb1ba47e18 f4f6ae41d9de3ec1 8101b66848969431 26b8d4ee9538f624)");
  EXPECT_EQ(absorbed(impl(), Words{}, sequence(56), kChime1024), after);
}

// ---- §15.1 / §15.2 digests through the modules --------------------------------
// Rows cover both padding paths (one block; two blocks at 511 / 447 bits),
// the 0x81 byte (63 / 55 bytes), block-boundary lengths and an odd-length
// message whose unused low bit is set (rows 5 and 6).

struct DigestVector {
  int row;
  Bytes msg;
  std::uint64_t bits;
  const char *digest;
};

const DigestVector kChime512Digests[] = {
    {1, sequence(0), 0,
       "50873ffebf0db503291b44543899ecad3ffe58da9c0eed032fd506b518457413"
       "047c9f371850c1b68e41908e93dcb7b0fd0c1e1c64a7944e955dea5d3d27c91f"},
    {2, std::vector<std::uint8_t>{0x61, 0x62, 0x63}, 24,
       "26400446560ed02af40533aac23c5d785bc8cef28a14b4e841747ed4913cca34"
       "8767aeae2bfac8db0b5e6d9665a9c7060cbba7d998406ec6b5a7da9b3afdd04e"},
    {3, std::vector<std::uint8_t>{0x00}, 8,
       "2488858882684ca27556882bba592905c0a8824569bc4f6c140f0c59f9ec723a"
       "16305a1157bb32122d25cc5e281fd7bbd02888c22f40c0654cbbe22c2b2e182c"},
    {4, std::vector<std::uint8_t>{0xFF}, 8,
       "0d3149a31de1e191072490ad301ed69f03649ed7d819872b29bea5ddd777c043"
       "f1ba9d409d62c8621f82e02366cc8c0b06af19d8ec9e5e675af42a09f0192744"},
    {5, std::vector<std::uint8_t>{0xA0}, 7,
       "50f77f64e8c67a620269ebfcebf2b415f1775e75cab607f01f9acb07fcd1f4d8"
       "5346d71dd68d22288f5837cb21de12ff3ed8aaa1ab0e166c13464bff16189b32"},
    {6, std::vector<std::uint8_t>{0xA1}, 7,
       "50f77f64e8c67a620269ebfcebf2b415f1775e75cab607f01f9acb07fcd1f4d8"
       "5346d71dd68d22288f5837cb21de12ff3ed8aaa1ab0e166c13464bff16189b32"},
    {7, sequence(1), 8,
       "2488858882684ca27556882bba592905c0a8824569bc4f6c140f0c59f9ec723a"
       "16305a1157bb32122d25cc5e281fd7bbd02888c22f40c0654cbbe22c2b2e182c"},
    {8, sequence(55), 440,
       "08a356d8ee11019d3516a3fa45e0b90e5faab8b34d5ce5380e9800471d6b8412"
       "abeb2432dac7757d65a1db0831a7814fad1bd329e7fbf75e80e0312dee295c7c"},
    {9, sequence(56), 448,
       "682fd93bc5e4e30e4907015d06f189510a17b7781c53c13007f6b8727e642feb"
       "f2d3cf0be622dee72052e93d4e3e9ca5157f86c531450708d129f4a1d95ec05e"},
    {10, sequence(57), 456,
       "669dfe402229303b6c4fd77b7c5ec736dcef42a7fdf2164c0c4ce99439b5f277"
       "1ed2d5887ae158f203b24f0f6705a3e0e2af0859289fa4547addaa9314f8692d"},
    {11, sequence(63), 504,
       "a52408a239c99328a32cf84552e52b2a006de4733ff80ae92c2084c130fc44ae"
       "6dddfae75507e63ff42e8646e8d96a7881ff352ee4c0623fc732dc8fcca5978d"},
    {12, sequence(64), 512,
       "55de3134b61e504b6adf27272fd60c2b2632266ebcf5fdfdb6d5b2a6babae8e2"
       "382e03f023ec8607276ba3f04af9156ed2b39facad07b548c4d40657227e2a99"},
    {13, sequence(65), 520,
       "c630c8252c77c10a8a67c7a0872dde3b6525932d7333bf8e03b2fe0299a0818e"
       "c4c180ab80f196cd6f7e8045325d93a42bb8abd1730559f3cc94b600f174b67d"},
    {14, sequence(111), 888,
       "796963d3b64bc23b1d4b4d25dab8a6fe0300ea6344cffa0876e97611c2da3625"
       "218af4ce875afa90e5c3211e4c633ee2d76db35255fb2eaf9f482cdf21f84ac2"},
    {15, sequence(112), 896,
       "16d983535f4fffbd18b24aee3bdee1e24b58b0650f76a17e5d7faa95fe99e560"
       "5dbb2f45178ab3aa1ef07899c36f83b29ae374889c5bc74241c85bfb4e7e41ca"},
    {16, sequence(113), 904,
       "edfd84c5ddcf6594f3949577abc90552a0ec8ef8eaeacd7d2cb48252179716e4"
       "68dab03c2322da77f2bb78938bc580f4e3487c5a5df4da84354ebf7b59c60694"},
    {17, sequence(127), 1016,
       "e72cd7df744dad97f5c2e8794cdc98b09a12219c741c976df1438347f457c2c0"
       "bd2e88f9e1c8617031ffee54773c80ff5f4e53b6c19a5ecfffc82bf89f7d1274"},
    {18, sequence(128), 1024,
       "0fd72426fee6aa57adf5e67e1474a27b51a6baa6e0512555cbc88d34ac863361"
       "c0bfee7300737886e5f8b7d0921cf4763374b725dcd741d443a293355c287953"},
    {19, sequence(129), 1032,
       "de0b4a63947545fb9a1a842e02fa47d988aba910d3859afa133af8da9f424392"
       "0b6249811f4b36501cefddd65eaeeb6b57d9c602ec9341aa5bf00fee5f258db0"},
    {20, sequence(200), 1600,
       "e8a36f29ac9f691ab4efc8320647a15557ad7d24cb462c3e46a0869cc109501b"
       "c88521acda5af6574c12e854655a156006be7e0be6e928e2a656759e857c9a14"},
    {21, sequence(1000), 8000,
       "953c8f45051607510658d163bacff4ee27bcc479d91fcfb7fe518d87afbe7600"
       "bdf319bb60c5277c14f5c80f9c17be7eed4e1fdf195d0e503cf2c86cab56d413"},
    {22, sequence(56), 446,
       "cade9158370d82077b9881dbe127e7e74bc4248d3d01063566b2c6773e7b203a"
       "af101a933cb1691a39c2f1127506cbcb234c8388fd489c7c311df598fb1d21ab"},
    {23, sequence(56), 447,
       "8c585d6cc79abf4eb5b3dc68084c2a82d17604adedfbca41375521816c1fe25d"
       "3042d832c8f66b06e5da676079712a284ab18bc92e551aeceac80fd10aa8412b"},
    {24, sequence(56), 448,
       "682fd93bc5e4e30e4907015d06f189510a17b7781c53c13007f6b8727e642feb"
       "f2d3cf0be622dee72052e93d4e3e9ca5157f86c531450708d129f4a1d95ec05e"},
    {25, sequence(64), 510,
       "535690b603a284c481fbc01946a77e594e5418c446fd38ba07073909c6f8609c"
       "b38c5ec17fedcef65e6b7d964dd9fa127f6f586c23a77352d260eaffdf5b776c"},
    {26, sequence(64), 511,
       "9ca17222ef19bba56b7947a5802beac88ebb8471e332fab2fd087fae2e8e17da"
       "f7aa8fbca4bf210296d5f09d45e61f2c8cb47fcb700367f86368fdd1e86808df"},
    {27, sequence(64), 512,
       "55de3134b61e504b6adf27272fd60c2b2632266ebcf5fdfdb6d5b2a6babae8e2"
       "382e03f023ec8607276ba3f04af9156ed2b39facad07b548c4d40657227e2a99"},
    {28, witness126(), 1008,
       "ef3be6a284ddbfa8ef3be6a284ddbfa8ef3be6a284ddbfa8ef3be6a284ddbfa8"
       "36f4af87fc2dc4fa36f4af87fc2dc4fa36f4af87fc2dc4fa36f4af87fc2dc4fa"},
    {29, partial_collision_1(), 504,
       "5c145b0796a8f1db5c145b0796a8f1db5c145b0796a8f1db5c145b0796a8f1db"
       "2a76f6bcb1b9236d2a76f6bcb1b9236d2a76f6bcb1b9236d2a76f6bcb1b9236d"},
    {30, partial_collision_2(), 504,
       "5c145b0796a8f1db5c145b0796a8f1db5c145b0796a8f1db5c145b0796a8f1db"
       "1aae665bff6b41d61aae665bff6b41d61aae665bff6b41d61aae665bff6b41d6"},
};
const DigestVector kChime1024Digests[] = {
    {1, sequence(0), 0,
       "4361402a0cf885d13e2e791a5dbddbe61d69d54e31c6dd6e218c1239255f5029"
       "7a16ff49fb4929b1a6d0559d5ea2e9a1b63d48e0dd52f19d2dced805f6e79052"
       "3febd0222cdee29a891b71a4d9a09cfcd48c47c584a49943f4598093c61793d7"
       "aeddc6081602ffb2b008a26e80999b13c8ff9ad0c9b50c4dd876b23d1c994ed9"},
    {2, std::vector<std::uint8_t>{0x61, 0x62, 0x63}, 24,
       "b70ca7e719de8b30ec67c6bab208325cb0a62247b7917ad35805b26adf7cf949"
       "a534083ccd5fa101474b65156b8e2281be6f9e6eb8960a96dcb63ca6f8a70c0a"
       "e54bda03f3bb5ad7d5e605a3902bdf631ee3d75cde4e60caeff57e6ef1211647"
       "1683cf4d9a9b5223485b2b5b6c119c167536d4b081a61cab9ee9c8a4f3ca95fe"},
    {3, std::vector<std::uint8_t>{0x00}, 8,
       "00fa57d164366a1223344eca612e3b55439df233ba76fdb270f3aac3d9810a0c"
       "b02a1b4b5c459241e0db8043908f952e8824148f249e596d24940335d339e1fc"
       "6bf79567497555ff8ae1fd2924228b11f77f1fcbf28aa7ce2017c52050f9f70d"
       "4b0f6476da6233b0840bac31ba7230f8877bb47c8fcc1fee5452d17ca587d536"},
    {4, std::vector<std::uint8_t>{0xFF}, 8,
       "bfc268bd6fcf8a550308fc7a7436bafe1a20f1b8d958d1eb3033b208ae95db7e"
       "420a3280116468dfa50b351f1b2b2eca279544a3b669df9e7584b7e9be073b1f"
       "7585eea16212df25d6622bcfbf4a4e9d780493617d727edda481796e3b596316"
       "97bcbb1e8b996fb703c504974e2b01a8bfa08fab535bc1e38f348d33ec577463"},
    {5, std::vector<std::uint8_t>{0xA0}, 7,
       "c54da2cbccdbf21aa17484625d743c2a99679b4f6af59e7e2a1365a22aad2a65"
       "ba7794762421a02710dbfe51d84de538c156a0577d26be568f226662df92051b"
       "f265615de997832eb3fc7d7957e83f5afb7febd9f92abeddeb866a573bb438b8"
       "5d1dd4319a6d22c6aacf325b02e9241acfe05bc5012643f94e8d419718b005cb"},
    {6, std::vector<std::uint8_t>{0xA1}, 7,
       "c54da2cbccdbf21aa17484625d743c2a99679b4f6af59e7e2a1365a22aad2a65"
       "ba7794762421a02710dbfe51d84de538c156a0577d26be568f226662df92051b"
       "f265615de997832eb3fc7d7957e83f5afb7febd9f92abeddeb866a573bb438b8"
       "5d1dd4319a6d22c6aacf325b02e9241acfe05bc5012643f94e8d419718b005cb"},
    {7, sequence(1), 8,
       "00fa57d164366a1223344eca612e3b55439df233ba76fdb270f3aac3d9810a0c"
       "b02a1b4b5c459241e0db8043908f952e8824148f249e596d24940335d339e1fc"
       "6bf79567497555ff8ae1fd2924228b11f77f1fcbf28aa7ce2017c52050f9f70d"
       "4b0f6476da6233b0840bac31ba7230f8877bb47c8fcc1fee5452d17ca587d536"},
    {8, sequence(55), 440,
       "840dcd23aacf59424b662da8d3efa50361977bd91359f82b4c16b2a87aa134a6"
       "130f356b39f5ca2ece844653d0e7b40f26bc9ebd500f80bf881167e4a38e8512"
       "09afa2c8797c5036dedc4a151f4a128eb198ad503fb13929bfeada661d00a549"
       "3738cc3711b357ecf8bd696b933415f8d9eff0e6fa3756f99cab9053ce6cf3a4"},
    {9, sequence(56), 448,
       "02164157068476fbe9f37dee616ea0c53f42c7d4943f1487def2477c85c91326"
       "02c4a54cb943dbe3b3b2b6f13daea5114328a535e3b0130bdb83e82a493e7d2c"
       "854cd83882f7a626e50cf2dfa69a8d4cd5e87b63b5470fa822fdb39b0226bb2d"
       "f70db221b4de2b10f7ef821e91c421a30f3791251ed637fbca525e4d49c96648"},
    {10, sequence(57), 456,
       "009009d9e1e134c6f7b27628afa9bcca0886252bf87a846f2c6722d49f8e5f1a"
       "c537794c1a807195e91e87420fbd85bd8b17fd160c841672c4bd30b94ec8fdda"
       "389033a45fb219130c4ab07bf201d8b9fae538c6f1c1ef52d3b6f48f8ff2ff26"
       "c8fddeeabdbb856b29ca7ccde24aa40f9969f0c8fe0fcafd330becb8307d6004"},
    {11, sequence(63), 504,
       "0164f36835c1d0e8f9a1efd5710a291a198f7cdbadb165f1adab4cdb2a46d35f"
       "e0b1fa8297c6936f50a7ff1fec62ef0a1f1412148ff246555840ea3fdba44f61"
       "741942f0ea5a9e2d7b6101c105dcb6d83e1ff36b3d9b47b7363be6bfaa0a47ec"
       "ce803de962d677b9e0277f0c8a06bdcbf574384e5d293dfe4946c3fea7573fa3"},
    {12, sequence(64), 512,
       "6b77e4757ec5006f882f01e1febd827f79c6ef5ee3ccfb25edca0b7756045865"
       "37e007181810468183c5a1a8e2149c1ba8c61871723a19bfd2537141a783dc2f"
       "d2ac6e7798c1ca0c40dea18789031e819ccb0cd1114b6ea79c6286a748bd812a"
       "e099a9516d81c469230f92cf4680954220b4c3ff363224207e9342a69fad62a1"},
    {13, sequence(65), 520,
       "6b17f70e2c4cbc8aa0fcbb8ecb8d5edb5b8aba81f1dc9fc448c4eab7663b6560"
       "46b8c9f7a63e1fa29abda0c576477ae1aba740f3e7bd54b443d718cdabd85a1e"
       "d142b6863c438736d87581f54a41dfefceb38817aba510f5a343ef8edd8cc566"
       "2033b7afee617292ebf45396357a403d9ea13232eaa9c108e32cb91b356ac322"},
    {14, sequence(111), 888,
       "16c68497e89d883e275a487399e4ec8fad2c2472c07878e38c57b940a07e6b75"
       "037bdfe82bff9a0111878a40a0ce6ca921af82483000895e609842c8eb1d1825"
       "5846efc2f9972eddfdb962a9babef06e5d88c0bc76232f35b63dd36f7028f240"
       "f436adf7d4a5cb87100b1cc368aafcb9ab8a47efe11ba861bbd3bb14896d0f2f"},
    {15, sequence(112), 896,
       "1747f910cfa2e4850a7022f24b57cf47eccc55b585a3521301ddc534ae70dba9"
       "728945d5a2a2a90e9075a2a8d67c8389d99cad56c7f1d7d0f029eb054b48b42b"
       "edfeec38d735086800978e3ec8c5db9ccb029e737ed74c83a5e30c0df1bef906"
       "787cdf69d3eaee32d6a3316e8a30df1ee06d2d784e434b469cda0e03d3e3a823"},
    {16, sequence(113), 904,
       "9243b21a7ceb7610e5e15711b15279596d0d14666c25d1b2ea2f25ce20fd2251"
       "8c6bf470862e696d5e02e8722359303b487236632865f16c675f7674cb3b98f7"
       "3b5a7aab943d60a9f2a17cda90b4d14849c89d28b65dcdf8b389cd662f3af5b3"
       "c9335413c1e1bccad0e89ff1d3c48b75de727f68202e59c1d7c5f6858a9bea81"},
    {17, sequence(127), 1016,
       "54dc28e4f9ef9bc465ececbf96955f05f5ba57a09162f2fe86da838cfdb452cb"
       "25c53aabeefdba28c097e6c31372f1e3f9ee5049b6f4494e327e76a936b0ed44"
       "91c2eb698f038b01c1a333eab5844a2aaad48af75fa81ed7f7dee221c164898c"
       "82dcd357a29cf364dd7e5c4cafda0ca96d95674f65fe0d82f8eb2baa73b66646"},
    {18, sequence(128), 1024,
       "6876977071c47dac9b238c38a6f8a54ca5345a061ee7741dffd700b6abf2825e"
       "b37c686affcfde859bf1e48bf3233b9161876d07a6894c87c4e44f82fbad7c2f"
       "6666fe798d4201878a2a2e99c86132c325dff4d2625c11ac3cd59be48dc6aac7"
       "d7475770fda85966bfc0f1578146ebb185939b4c7e2a04bffde4af6d48d1da1f"},
    {19, sequence(129), 1032,
       "0b925b83556ff98e0fd45b0a296bc8e5cee96baaadcc68e94d308a3d0857d7a0"
       "f2c14d4c344131551527fe890b6b98cdd65e49c2e07469e2e46f9dc9535b0713"
       "323018e7e86de8a7acdcc67d699ac878dc0ec950329c276b7f461c3978f75240"
       "b0d1c40cf17c35448c755aa2d3e765aa53a4f90a70ec07a22c085d4d6b51dd5f"},
    {20, sequence(200), 1600,
       "ef4b7e2e552d5a26346892fd1fd850c17e371fcb8594bb6cf3443d8fe4756776"
       "2020f0c0101f69a4ccf2e2d1252764fd1726b66fdfd439633cb0db55d7c1fe8a"
       "3be97d5395b68fb9a821737098b7365781cbf9f23d71281bf43ef43a56a2743d"
       "0739666de51e0b104492d9d4f3f765bce4d04f0a4c81f9396649e31c3da323c0"},
    {21, sequence(1000), 8000,
       "142a414aaf0ff788748c65521a41901c5ee39304cbbad3fe99276102620c215a"
       "27001a2ec651860233bc9930c3c4ff48018d37a68ba294b5530b9f340bd92053"
       "bb6909057a9043490f5bd65f3092962ba53673c2f731dab337d1923687330c57"
       "bb12d51173235fbb2f0fb4141b9f06289fc31cc961db65bcf38a6599bd2479a7"},
    {22, sequence(56), 446,
       "9541cb9a0069e46112e5881332e8fb9b23a81096cb224979a92532f1a764a71f"
       "2ccf97fada06dca415764b99fcfa3e6e3f25009fa6b48cb1e14e9a7252151a89"
       "36723f87659abb193a54f438fdb7d8ced29e96e8e8ee3feccbde7e589f461824"
       "5c8cd112f12a5d90c251680dbb7ab730e18a721453ec9943a89bcb0f439e2e67"},
    {23, sequence(56), 447,
       "0ba1b05f8212109275f45b0e082927da7d90408c26cb8ba4c04ed71f55e56406"
       "2fbd95cb09ca7cc49ab9676fbbd8fb81f17de9d887e1176853d6e06145b54e69"
       "b5785daa3903eff0f17e2bd54923ca4d0100e30436d61cb4fc23cb42175aaad7"
       "849ca5b7deca1f0230c547d8a76a672bb34e5b4e712634fbb57d286f5c7766b2"},
    {24, sequence(56), 448,
       "02164157068476fbe9f37dee616ea0c53f42c7d4943f1487def2477c85c91326"
       "02c4a54cb943dbe3b3b2b6f13daea5114328a535e3b0130bdb83e82a493e7d2c"
       "854cd83882f7a626e50cf2dfa69a8d4cd5e87b63b5470fa822fdb39b0226bb2d"
       "f70db221b4de2b10f7ef821e91c421a30f3791251ed637fbca525e4d49c96648"},
    {25, sequence(64), 510,
       "bf15aed54d03cdd3f6c6040b1d01358fdcec3603a24829cf8c53bbecb940dfed"
       "8fbdb20638fba618dea93c95536bdbdf44ccf2ad45a2fce1800baccc62994908"
       "34c43ecff737c7463b1a1ce1dd230725f178619b9cc2418f414e17d251ed52e0"
       "abae04724c2a96f34e29864fb2da0b1c2aa5ec42b5ab98837530fe0ecd12b2bf"},
    {26, sequence(64), 511,
       "e767e01f674cb16d58f2055c23698ab342405e1884048cdcdaff78aa0188c5d9"
       "9e9fa160713a0a206b2799e5c273794d4a6e2caf92c97d83283e0276a50659ed"
       "5d2e1b1c2a23516d5c00f32c95e05fa9095242c1819f1ce17b67d3a4b41be4c0"
       "f5c33bb20e3a4b5387303e84c2852ac2833dcf35d7fdbfe1d7b07a79ca1fe27c"},
    {27, sequence(64), 512,
       "6b77e4757ec5006f882f01e1febd827f79c6ef5ee3ccfb25edca0b7756045865"
       "37e007181810468183c5a1a8e2149c1ba8c61871723a19bfd2537141a783dc2f"
       "d2ac6e7798c1ca0c40dea18789031e819ccb0cd1114b6ea79c6286a748bd812a"
       "e099a9516d81c469230f92cf4680954220b4c3ff363224207e9342a69fad62a1"},
    {28, witness126(), 1008,
       "6853c919b5cbc3d8f24789d9f1d0153cdb88be330cdc11f88d850d7d4be2c9b7"
       "a12831edf5bd2dc9768673e967aaad9f2e0e211fc6fd9c56f70e71e92453eafc"
       "33012b4c89798c7b9df45b14491783edfe51a11f545201be4e94822879a58b42"
       "4d0f619f1288303f83f59155c20b2b00dc33eae0c058365e1cc42becf5306e6a"},
    {29, partial_collision_1(), 504,
       "847373d73c9bfce7232cb37d1e601e1cc560bf60f469758358d7a9049eb3c79e"
       "9f3a3e805cf69ef3da6794c35b7e79e21a73f6db20cc4fb972b7e3482380f33c"
       "e05e08b24b4f67fc7748789848fb66899b5f6aefbe46d1e063a5b1d7b0e19e18"
       "1c5c4ad5e456c67bbcd403a1d77d75a7e4dc667fb08356a3722773902ebdcdde"},
    {30, partial_collision_2(), 504,
       "189b76cfe32b915d550d9b63d0dd72c178371fe8b8e31ea936f641f56303f7f4"
       "071ce4e56ff60ac40046e2ccc249a4d93cc738474b71134a412fba77be5a0338"
       "fde3da86568e49d1850d4d06b82d2280bffb70f6273d73a4a4ccc16017d0f276"
       "8fde09dd6f35d7265faefb8bac075dd0cf94990169c34ec567b9ea8aab11afe6"},
};

TEST_P(Chime512Module, DigestVectors) {
  for (const auto &v : kChime512Digests)
    EXPECT_EQ(lower_hex(ngcc::test::digest(module(), v.msg, v.bits)), v.digest) << "row " << v.row;
}

TEST_P(Chime1024Module, DigestVectors) {
  for (const auto &v : kChime1024Digests)
    EXPECT_EQ(lower_hex(ngcc::test::digest(module(), v.msg, v.bits)), v.digest) << "row " << v.row;
}

// §15.5: short KAT_2_12 records (odd bit lengths), digests as in the KAT files.
TEST_P(ChimeModule, KatExcerpts) {
  struct Record {
    int bits;
    std::uint64_t msg_bits;
    const char *msg;
    const char *digest;
  };
  const Record records[] = {
      {512, 1, "80",
       "BAC603417D49E0A98ADD0C506B50A254AB403ABD6D379733F17DAFA5DFB08908"
       "033719DE251CDF1466DF461606D253D32A8471B4C8FE09D6076A69E4C67E52B9"},
      {512, 5, "C0",
       "BD353C5234023AAEECA0FA3CA6F4BCF35B91BB4DF41B37394D607436AA18C7AA"
       "8AEA61AB4EE37AAC0D95B811D739981A5148E26BF5FC366D2A73E3B81CCF9AD0"},
      {512, 13, "1250",
       "29AE3E35931AAFD58398F6AEE04AADA30DAEF2E343BBB1C99234665F3E7EAE1E"
       "69AEEFCBC628F64C95822C6ED78E1A12BF086C6FAFE41F6911F69C9D6966F6B7"},
      {512, 27, "5C609BA0",
       "1EFEB563221BAF9CBBCE1A0CA0BE732F1C3406665B2DC8EEEAAAC963F3DA86EA"
       "B726DC6A8C8997C8A396740BF0B562448E00AEA344E8BB96CBF5245F1BA3B2F4"},
      {1024, 1, "80",
       "34A89D959B09CC7030B3B9C94D5D3088A74BD1C11320A26A475BF19702775E13"
       "91EF28AC482DB25FB55A65F9A2B62368166F4526DA4298E1D3B9618F48354177"
       "B56BC63BADF6DCF68DCA8084352D79577B26EC8EB44C2221C2CEAEF3DFC539C6"
       "8CB282C2EAD3EBC7662707AE36B5524043451A4DD51DAB0BCA5754EC51C11C83"},
      {1024, 5, "C0",
       "4D63C3FEC5622CB5E5A885EBAF9E9535D449F0E60B4C4AE8D42420E8781A80B7"
       "6AF827893D6AC77381694B970CC68D99A3FCD0C762689BE6E43D4032D02F9577"
       "878985E2205D93FC1191B35F3F7A390D2FC2E6FF7C52EC5D5875AE9DEBC216DB"
       "FB561D87EAA6CCF613FB819DA19D1B72A301168254EE97F60CCA6C0631A18B0E"},
      {1024, 13, "1250",
       "B680A9FB4D058F5E66DCE0D52A7718AC05DE8CA8BA1D264086A178578E1AEE31"
       "341F07997E3FF4FD8D85C22DE69351DBB0B961DE8EFCD4E3DAA36F9CB5C5C908"
       "A9DDCA9F8AC5AED5B1A15AF089F29DFC3FAA39696A6F0659995748702870F0C5"
       "76323626E52006671F4C3E8C6917B3F94E6CF07971314DE21181B73FC35D5F55"},
      {1024, 27, "5C609BA0",
       "1715C2C06F1614A6A8415F72FB376518AC97B937DD6AC742CFD0DA634811F95A"
       "274CFE5E67B1B00A2D4211E37402A43B51768499707C6D58679946A4B540BA59"
       "706D309B230C0182410A66D2E3B079DC4756777F1FAD1355926487D28405FBF8"
       "E133F61A87B593B2B29455049DC6036AFD906271CC084B5E140A6CACB3FF7291"},
  };
  for (const auto &r : records) {
    if (r.bits != info().digest_bits) continue;
    EXPECT_EQ(ngcc::test::to_hex(ngcc::test::digest(module(), ngcc::test::from_hex(r.msg), r.msg_bits)),
              r.digest)
        << r.msg_bits << " bits";
  }
}

INSTANTIATE_TEST_SUITE_P(Implementations, ChimeImplementation, ::testing::ValuesIn(kImplementations),
                         ngcc::test::ParamName());
INSTANTIATE_TEST_SUITE_P(Modules, Chime512Module, ::testing::ValuesIn(ngcc::test::instance_targets("CHIME-512")),
                         ngcc::test::ParamName());
INSTANTIATE_TEST_SUITE_P(Modules, Chime1024Module,
                         ::testing::ValuesIn(ngcc::test::instance_targets("CHIME-1024")), ngcc::test::ParamName());
INSTANTIATE_TEST_SUITE_P(Modules, ChimeModule, ::testing::ValuesIn(ngcc::test::family_targets("chime")),
                         ngcc::test::ParamName());

}  // namespace
}  // namespace ngcc::chime::test
